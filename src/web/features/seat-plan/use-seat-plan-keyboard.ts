import { type FocusEvent, type KeyboardEvent, useEffect } from 'react';
import { type Direction, moveFocus, rowEdge } from './keyboard-navigation';
import type { SeatLayout } from './seat-layout';
import { toScreen, zoomAt } from './seat-renderer';
import { STATE_FREE } from './seat-states';
import type { SeatPlanDrawing } from './use-seat-plan-drawing';
import type { SeatPlanView } from './use-seat-plan-view';

const ZOOM_STEP = 1.4;
/** Keyboard focus on a seat smaller than this (px per pitch) zooms in so the ring and the seat can be seen. */
const KEYBOARD_MIN_SCALE = 8;

const ARROWS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

interface KeyboardOptions {
  view: SeatPlanView;
  drawing: SeatPlanDrawing;
  layout: SeatLayout;
  states: Uint8Array;
  /** Enter or Space: toggle the focused seat. */
  onSeats: (seats: number[], mode: 'toggle' | 'add') => void;
  describeSeat: (seat: number) => { announcement: string };
}

/**
 * The keyboard on the plan: arrows move a focus from seat to seat (Home/End to the row's ends), bringing it into
 * view; Enter or Space toggles it; + and - zoom, 0 fits the plan. The live region says each seat focused, and again
 * when its state changes. Returns the wrapper's handlers and the zoom buttons' actions.
 */
export function useSeatPlanKeyboard({ view, drawing, layout, states, onSeats, describeSeat }: KeyboardOptions) {
  const { viewRef, sizeRef, focusSeat, setFocusSeat, focused, setFocused, setHoverSeat, setAnnouncement } = view;
  const { moveView, zoomBy, fitToScreen } = drawing;

  // After Enter/Space (or a refresh) the focused seat's state may have changed: say so.
  useEffect(() => {
    if (focused && focusSeat >= 0 && focusSeat < layout.count) setAnnouncement(describeSeat(focusSeat).announcement);
  }, [focused, focusSeat, layout.count, describeSeat, setAnnouncement]);

  const ensureVisible = (seat: number) => {
    const shown = viewRef.current;
    if (!shown) return;
    const { width, height } = sizeRef.current;
    let next = shown;
    if (shown.scale < KEYBOARD_MIN_SCALE) {
      const at = toScreen(shown, layout.x[seat] as number, layout.y[seat] as number);
      next = zoomAt(shown, KEYBOARD_MIN_SCALE / shown.scale, at.x, at.y, { min: 0, max: 60 });
    }
    const at = toScreen(next, layout.x[seat] as number, layout.y[seat] as number);
    const margin = Math.min(60, width / 4, height / 4);
    if (at.x < margin || at.x > width - margin || at.y < margin || at.y > height - margin) {
      next = { ...next, offsetX: next.offsetX + width / 2 - at.x, offsetY: next.offsetY + height / 2 - at.y };
    }
    if (next !== shown) moveView(next);
  };

  const focusOn = (seat: number) => {
    if (seat < 0) return;
    setFocusSeat(seat);
    setHoverSeat(-1);
    ensureVisible(seat);
    setAnnouncement(describeSeat(seat).announcement);
  };

  const zoomIn = () => zoomBy(ZOOM_STEP);
  const zoomOut = () => zoomBy(1 / ZOOM_STEP);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!focused) setFocused(true);
    const direction = ARROWS[event.key];
    if (direction) {
      event.preventDefault();
      focusOn(moveFocus(layout, focusSeat, direction));
    } else if ((event.key === 'Home' || event.key === 'End') && focusSeat >= 0) {
      event.preventDefault();
      focusOn(rowEdge(layout, focusSeat, event.key === 'Home' ? 'start' : 'end'));
    } else if ((event.key === 'Enter' || event.key === ' ') && focusSeat >= 0) {
      event.preventDefault();
      onSeats([focusSeat], 'toggle');
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomIn();
    } else if (event.key === '-') {
      event.preventDefault();
      zoomOut();
    } else if (event.key === '0') {
      event.preventDefault();
      fitToScreen();
    }
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    // Focus from a click shows no focus ring or tooltip (the pointer has its own); the keyboard's does.
    if (!event.currentTarget.matches(':focus-visible')) return;
    setFocused(true);
    if (focusSeat < 0 && layout.count > 0) {
      let first = 0;
      while (first < layout.count && states[first] !== STATE_FREE) first++;
      const seat = first < layout.count ? first : 0;
      setFocusSeat(seat);
      setAnnouncement(describeSeat(seat).announcement);
    }
  };

  return { onKeyDown, onFocus, onBlur: () => setFocused(false), zoomIn, zoomOut, fitToScreen };
}
