import { useRef, useState } from 'react';
import type { ViewTransform } from './seat-renderer';

/**
 * What the plan shows and where the person is on it. The view (zoom and pan) and the canvas size live in refs:
 * moving the plan renders nothing in React. The seat under the pointer, the keyboard's seat, whether the plan has
 * the keyboard's focus, a drag under way and what the live region says are state: the tooltip follows them.
 */
export function useSeatPlanView() {
  const viewRef = useRef<ViewTransform | null>(null);
  const sizeRef = useRef({ width: 0, height: 0 });
  /** The person moved the plan themselves: a resize keeps their view instead of fitting the plan again. */
  const userMovedRef = useRef(false);
  const [hoverSeat, setHoverSeat] = useState(-1);
  const [focusSeat, setFocusSeat] = useState(-1);
  const [focused, setFocused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  return {
    viewRef,
    sizeRef,
    userMovedRef,
    hoverSeat,
    setHoverSeat,
    focusSeat,
    setFocusSeat,
    focused,
    setFocused,
    dragging,
    setDragging,
    announcement,
    setAnnouncement,
  };
}

export type SeatPlanView = ReturnType<typeof useSeatPlanView>;
