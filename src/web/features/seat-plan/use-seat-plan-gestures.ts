import { type PointerEvent, useEffect, useRef } from 'react';
import { toWorld, type ViewTransform, zoomAt } from './seat-renderer';
import { hitTest, queryBox, type SpatialGrid } from './spatial-grid';
import type { SeatPlanDrawing } from './use-seat-plan-drawing';
import type { SeatPlanView } from './use-seat-plan-view';

/** A pointer that moved less than this (CSS px) between down and up clicked rather than dragged. */
const CLICK_SLOP = 5;

type Gesture =
  | { kind: 'none' }
  | { kind: 'pan'; startX: number; startY: number; view: ViewTransform; moved: boolean }
  | { kind: 'box'; startX: number; startY: number }
  | { kind: 'pinch'; distance: number; midX: number; midY: number };

type Point = { x: number; y: number };

const localPoint = (event: PointerEvent<HTMLDivElement>): Point => {
  const rect = event.currentTarget.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
};

interface GestureOptions {
  view: SeatPlanView;
  drawing: SeatPlanDrawing;
  grid: SpatialGrid;
  /** Click or tap (toggle one seat) or a shift-drag box (add the seats in it). */
  onSeats: (seats: number[], mode: 'toggle' | 'add') => void;
}

/**
 * The pointer on the plan: hover (the seat under the mouse), click or tap on a seat, drag to pan, shift-drag to
 * select a box of seats, pinch to zoom, and the wheel to zoom about the pointer. Returns the wrapper's handlers.
 */
export function useSeatPlanGestures({ view, drawing, grid, onSeats }: GestureOptions) {
  const { viewRef, setHoverSeat, setFocusSeat, setDragging } = view;
  const { wrapRef, zoomBy, moveView, showBox, scaleLimits } = drawing;
  const pointersRef = useRef(new Map<number, Point>());
  const gestureRef = useRef<Gesture>({ kind: 'none' });

  // The wheel zooms the plan; React's wheel listener is passive, so register our own to prevent page scrolling.
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = wrap.getBoundingClientRect();
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      zoomBy(Math.exp(-delta * 0.002), event.clientX - rect.left, event.clientY - rect.top);
    };
    wrap.addEventListener('wheel', onWheel, { passive: false });
    return () => wrap.removeEventListener('wheel', onWheel);
  }, [zoomBy, wrapRef]);

  const seatAt = (screenX: number, screenY: number, radius = 0.55): number => {
    const shown = viewRef.current;
    if (!shown) return -1;
    const world = toWorld(shown, screenX, screenY);
    // At small zoom levels a seat is a few pixels: accept a pointer within 6 px of it.
    const start = performance.now();
    const seat = hitTest(grid, world.x, world.y, Math.max(radius, 6 / shown.scale));
    const end = performance.now();
    performance.clearMeasures('seatplan:hit');
    performance.measure('seatplan:hit', { start, end });
    return seat;
  };

  const twoPointers = () => [...pointersRef.current.values()] as [Point, Point];

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    const point = localPoint(event);
    pointersRef.current.set(event.pointerId, point);
    event.currentTarget.setPointerCapture(event.pointerId);
    const shown = viewRef.current;
    if (!shown) return;
    if (pointersRef.current.size === 2) {
      const [a, b] = twoPointers();
      gestureRef.current = {
        kind: 'pinch',
        distance: Math.hypot(a.x - b.x, a.y - b.y),
        midX: (a.x + b.x) / 2,
        midY: (a.y + b.y) / 2,
      };
    } else if (event.shiftKey) {
      gestureRef.current = { kind: 'box', startX: point.x, startY: point.y };
    } else {
      gestureRef.current = { kind: 'pan', startX: point.x, startY: point.y, view: shown, moved: false };
    }
    setHoverSeat(-1);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const point = localPoint(event);
    const gesture = gestureRef.current;
    if (pointersRef.current.has(event.pointerId)) pointersRef.current.set(event.pointerId, point);
    if (gesture.kind === 'none') {
      if (event.pointerType !== 'touch') setHoverSeat(seatAt(point.x, point.y));
      return;
    }
    const shown = viewRef.current;
    if (!shown) return;
    if (gesture.kind === 'pan') {
      const dx = point.x - gesture.startX;
      const dy = point.y - gesture.startY;
      if (!gesture.moved && Math.hypot(dx, dy) < CLICK_SLOP) return;
      if (!gesture.moved) setDragging(true);
      gesture.moved = true;
      moveView({ ...gesture.view, offsetX: gesture.view.offsetX + dx, offsetY: gesture.view.offsetY + dy });
    } else if (gesture.kind === 'box') {
      showBox({ startX: gesture.startX, startY: gesture.startY, x: point.x, y: point.y });
    } else if (gesture.kind === 'pinch' && pointersRef.current.size >= 2) {
      const [a, b] = twoPointers();
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const midX = (a.x + b.x) / 2;
      const midY = (a.y + b.y) / 2;
      const zoomed = zoomAt(shown, distance / Math.max(gesture.distance, 1), midX, midY, scaleLimits());
      moveView({
        ...zoomed,
        offsetX: zoomed.offsetX + midX - gesture.midX,
        offsetY: zoomed.offsetY + midY - gesture.midY,
      });
      gestureRef.current = { kind: 'pinch', distance, midX, midY };
    }
  };

  const endPointer = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    pointersRef.current.delete(event.pointerId);
    const gesture = gestureRef.current;
    const shown = viewRef.current;
    if (gesture.kind === 'pinch') {
      // One finger left: nothing more until all are up, so the lifted finger does not count as a tap.
      if (pointersRef.current.size === 0) gestureRef.current = { kind: 'none' };
      return;
    }
    gestureRef.current = { kind: 'none' };
    setDragging(false);
    if (cancelled || !shown) {
      showBox(null);
      return;
    }
    const point = localPoint(event);
    if (gesture.kind === 'box') {
      const a = toWorld(shown, gesture.startX, gesture.startY);
      const b = toWorld(shown, point.x, point.y);
      const seats = queryBox(grid, a.x, a.y, b.x, b.y).sort((first, second) => first - second);
      showBox(null);
      if (seats.length > 0) onSeats(seats, 'add');
    } else if (gesture.kind === 'pan' && !gesture.moved) {
      const seat = seatAt(point.x, point.y);
      if (seat >= 0) {
        setFocusSeat(seat);
        // Keep the tooltip on the clicked seat: it shows the seat's new state.
        if (event.pointerType !== 'touch') setHoverSeat(seat);
        onSeats([seat], 'toggle');
      }
    }
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => endPointer(event, false),
    onPointerCancel: (event: PointerEvent<HTMLDivElement>) => endPointer(event, true),
    onPointerLeave: () => {
      if (gestureRef.current.kind === 'none') setHoverSeat(-1);
    },
  };
}
