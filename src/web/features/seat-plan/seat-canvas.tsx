import { ActionIcon, Group, useComputedColorScheme } from '@mantine/core';
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useMessages } from '../../lib/i18n';
import { type Direction, moveFocus, rowEdge } from './keyboard-navigation';
import { type SeatLayout, sameSeatGeometry } from './seat-layout';
import { seatPlanMessages } from './seat-plan-messages';
import {
  DEFAULT_PALETTE,
  type DrawLabels,
  drawSeatPlan,
  drawSeatRing,
  fitView,
  redrawSeats,
  type SeatPalette,
  toScreen,
  toWorld,
  type ViewTransform,
  zoomAt,
} from './seat-renderer';
import { STATE_FREE, STATE_UNAVAILABLE } from './seat-states';
import { hitTest, queryBox, type SpatialGrid } from './spatial-grid';

const DARK_PALETTE: SeatPalette = {
  ...DEFAULT_PALETTE,
  selected: '#f8f9fa',
  selectedMark: '#14213d',
  held: '#c77dff',
  sectionLine: '#495057',
  label: '#dee2e6',
  stage: '#adb5bd',
  stageLabel: '#14213d',
};

/** A pointer that moved less than this (CSS px) between down and up clicked rather than dragged. */
const CLICK_SLOP = 5;
const ZOOM_STEP = 1.4;
/** Keyboard focus on a seat smaller than this (px per pitch) zooms in so the ring and the seat can be seen. */
const KEYBOARD_MIN_SCALE = 8;
/** More changed seats than this and a full redraw is as cheap as a partial one. */
const PARTIAL_REDRAW_MAX = 4000;
/** Measures of a name kept at most; a long session of panning must not grow the performance buffer forever. */
const MAX_MEASURES = 300;

let drawMeasures = 0;
function measure(name: string, start: number, end: number, detail?: Record<string, unknown>): void {
  if (name === 'seatplan:draw' && ++drawMeasures > MAX_MEASURES) {
    performance.clearMarks(name);
    performance.clearMeasures(name);
    drawMeasures = 0;
  }
  performance.mark(name);
  performance.measure(name, { start, end, detail });
}

export interface SeatCanvasProps {
  layout: SeatLayout;
  grid: SpatialGrid;
  states: Uint8Array;
  /** Set by the viewer just before it reports a selection change: start of the `seatplan:select` measure. */
  selectStartRef: React.RefObject<number | null>;
  /** Click, Enter/Space (toggle one seat) or a shift-drag box (add the seats in it). */
  onSeats: (seats: number[], mode: 'toggle' | 'add') => void;
  describeSeat: (seat: number) => { title: string; lines: string[]; announcement: string };
}

type Gesture =
  | { kind: 'none' }
  | { kind: 'pan'; startX: number; startY: number; view: ViewTransform; moved: boolean }
  | { kind: 'box'; startX: number; startY: number; x: number; y: number }
  | { kind: 'pinch'; distance: number; midX: number; midY: number };

/**
 * The plan on a canvas: one base canvas with every seat (redrawn as a whole, in batches), and an overlay canvas for
 * what changes with the pointer (hover ring, keyboard focus ring, selection box), so hovering never redraws
 * 20,000 seats. The view (zoom and pan) lives in a ref, not in React state: moving the plan renders nothing in React.
 */
export function SeatCanvas({ layout, grid, states, selectStartRef, onSeats, describeSeat }: SeatCanvasProps) {
  const t = useMessages(seatPlanMessages);
  const dark = useComputedColorScheme('light') === 'dark';
  const palette = dark ? DARK_PALETTE : DEFAULT_PALETTE;
  const helpId = useId();
  const tooltipId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const baseRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<ViewTransform | null>(null);
  const userMovedRef = useRef(false);
  const sizeRef = useRef({ width: 0, height: 0 });
  const frameRef = useRef(0);
  const firstDrawRef = useRef(true);
  /** What the base canvas shows: the states and view it was last drawn with (for partial redraws). */
  const drawnRef = useRef<{ layout: SeatLayout; states: Uint8Array; view: ViewTransform } | null>(null);
  const pointersRef = useRef(new Map<number, { x: number; y: number }>());
  const gestureRef = useRef<Gesture>({ kind: 'none' });
  const [hoverSeat, setHoverSeat] = useState(-1);
  const [focusSeat, setFocusSeat] = useState(-1);
  const [focused, setFocused] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  // The latest values for the drawing functions, which are called from events and animation frames.
  const latest = useRef({ layout, states, palette, hoverSeat, focusSeat, focused, labels: {} as DrawLabels });
  latest.current = {
    layout,
    states,
    palette,
    hoverSeat,
    focusSeat,
    focused,
    labels: { stage: t('stage'), generalAdmission: t('generalAdmissionBlock') },
  };

  const prepareCanvas = useCallback((canvas: HTMLCanvasElement): CanvasRenderingContext2D | null => {
    const { width, height } = sizeRef.current;
    const dpr = window.devicePixelRatio || 1;
    const pixelWidth = Math.max(1, Math.round(width * dpr));
    const pixelHeight = Math.max(1, Math.round(height * dpr));
    if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
      canvas.width = pixelWidth;
      canvas.height = pixelHeight;
    }
    return canvas.getContext('2d');
  }, []);

  const drawOverlay = useCallback(() => {
    const canvas = overlayRef.current;
    const view = viewRef.current;
    if (!canvas || !view) return;
    const ctx = prepareCanvas(canvas);
    if (!ctx) return;
    const dpr = window.devicePixelRatio || 1;
    const {
      layout: currentLayout,
      hoverSeat: hover,
      focusSeat: focus,
      focused: hasFocus,
      palette: colours,
    } = latest.current;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (hover >= 0 && hover < currentLayout.count)
      drawSeatRing(ctx, currentLayout, hover, view, dpr, colours.label, 1.5);
    if (hasFocus && focus >= 0 && focus < currentLayout.count) {
      drawSeatRing(ctx, currentLayout, focus, view, dpr, dark ? '#ffd43b' : '#d9480f', 3);
    }
    const gesture = gestureRef.current;
    if (gesture.kind === 'box') {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.fillStyle = 'rgba(34, 139, 230, 0.12)';
      ctx.strokeStyle = '#1c7ed6';
      ctx.lineWidth = 1;
      const x = Math.min(gesture.startX, gesture.x);
      const y = Math.min(gesture.startY, gesture.y);
      const width = Math.abs(gesture.x - gesture.startX);
      const height = Math.abs(gesture.y - gesture.startY);
      ctx.fillRect(x, y, width, height);
      ctx.strokeRect(x + 0.5, y + 0.5, width, height);
    }
  }, [prepareCanvas, dark]);

  const drawBase = useCallback(
    (kind: string) => {
      const canvas = baseRef.current;
      const view = viewRef.current;
      if (!canvas || !view || sizeRef.current.width === 0) return;
      const ctx = prepareCanvas(canvas);
      if (!ctx) return;
      const start = performance.now();
      const { layout: currentLayout, states: currentStates, palette: colours, labels } = latest.current;
      drawSeatPlan(
        ctx,
        currentLayout,
        currentStates,
        view,
        { ...sizeRef.current, devicePixelRatio: window.devicePixelRatio || 1 },
        labels,
        colours,
      );
      const end = performance.now();
      drawnRef.current = { layout: currentLayout, states: currentStates.slice(), view };
      // The view is not React state; tests read the zoom level from here.
      if (wrapRef.current) wrapRef.current.dataset.scale = view.scale.toFixed(4);
      measure('seatplan:draw', start, end, {
        kind: firstDrawRef.current ? 'first' : kind,
        seats: currentLayout.count,
      });
      firstDrawRef.current = false;
      const selectStart = selectStartRef.current;
      if (selectStart !== null) {
        selectStartRef.current = null;
        measure('seatplan:select', selectStart, end);
      }
      drawOverlay();
    },
    [prepareCanvas, drawOverlay, selectStartRef],
  );

  /**
   * After a selection: when only states changed since the last draw, redraw just the changed seats; else the whole
   * plan. Both are measured as `seatplan:draw` (kind "selection"; `changed` tells how many seats a partial one drew).
   */
  const drawStates = useCallback(() => {
    const drawn = drawnRef.current;
    const canvas = baseRef.current;
    const view = viewRef.current;
    const { layout: currentLayout, states: currentStates, palette: colours } = latest.current;
    if (!drawn || !canvas || !view || drawn.layout !== currentLayout || drawn.view !== view || frameRef.current) {
      drawBase('selection');
      return;
    }
    const start = performance.now();
    const changed: number[] = [];
    for (let seat = 0; seat < currentLayout.count; seat++) {
      const before = drawn.states[seat];
      if (before === currentStates[seat]) continue;
      // Keep it simple where it matters little: a cross vanishing (a "taken" mark lifted) redraws everything.
      if (before === STATE_UNAVAILABLE || changed.length >= PARTIAL_REDRAW_MAX) {
        drawBase('selection');
        return;
      }
      changed.push(seat);
    }
    if (changed.length === 0) return;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    redrawSeats(
      ctx,
      currentLayout,
      currentStates,
      changed,
      view,
      { ...sizeRef.current, devicePixelRatio: window.devicePixelRatio || 1 },
      colours,
    );
    for (const seat of changed) drawn.states[seat] = currentStates[seat] as number;
    const end = performance.now();
    measure('seatplan:draw', start, end, { kind: 'selection', seats: currentLayout.count, changed: changed.length });
    const selectStart = selectStartRef.current;
    if (selectStart !== null) {
      selectStartRef.current = null;
      measure('seatplan:select', selectStart, end);
    }
  }, [drawBase, selectStartRef]);

  const scheduleDraw = useCallback(() => {
    if (frameRef.current) return;
    frameRef.current = requestAnimationFrame(() => {
      frameRef.current = 0;
      drawBase('view');
    });
  }, [drawBase]);
  useEffect(() => () => cancelAnimationFrame(frameRef.current), []);

  const setView = useCallback(
    (view: ViewTransform) => {
      viewRef.current = view;
      userMovedRef.current = true;
      scheduleDraw();
    },
    [scheduleDraw],
  );

  const scaleLimits = useCallback(() => {
    const fit = fitView(latest.current.layout, sizeRef.current);
    return { min: Math.min(fit.scale, 1) * 0.5, max: 60 };
  }, []);

  const fitToScreen = useCallback(() => {
    viewRef.current = fitView(latest.current.layout, sizeRef.current);
    userMovedRef.current = false;
    scheduleDraw();
  }, [scheduleDraw]);

  const zoomBy = useCallback(
    (factor: number, screenX?: number, screenY?: number) => {
      const view = viewRef.current;
      if (!view) return;
      const { width, height } = sizeRef.current;
      setView(zoomAt(view, factor, screenX ?? width / 2, screenY ?? height / 2, scaleLimits()));
      setHoverSeat(-1);
    },
    [setView, scaleLimits],
  );

  // Size: follow the wrapper; refit while the person has not moved the plan themselves.
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const apply = (width: number, height: number) => {
      if (width === sizeRef.current.width && height === sizeRef.current.height) return;
      sizeRef.current = { width, height };
      if (!viewRef.current || !userMovedRef.current) viewRef.current = fitView(latest.current.layout, sizeRef.current);
      drawBase('resize');
    };
    const rect = wrap.getBoundingClientRect();
    apply(Math.round(rect.width), Math.round(rect.height));
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) apply(Math.round(box.width), Math.round(box.height));
    });
    observer.observe(wrap);
    return () => observer.disconnect();
  }, [drawBase]);

  // A new plan (another event) starts fitted; new states (selection, refresh) redraw at once.
  const shownLayout = useRef(layout);
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraws when the states change; drawBase reads them from `latest`
  useLayoutEffect(() => {
    const previous = shownLayout.current;
    if (previous !== layout) {
      shownLayout.current = layout;
      // The 30-second refresh brings the same hall with other availability: keep the zoom, the pan and the focus.
      // Only another hall (or event) starts again, fitted.
      if (!sameSeatGeometry(previous, layout)) {
        firstDrawRef.current = true;
        viewRef.current = fitView(layout, sizeRef.current);
        userMovedRef.current = false;
        setHoverSeat(-1);
        setFocusSeat(-1);
      }
    }
    drawStates();
  }, [layout, states, drawStates]);

  // A switch between light and dark redraws everything in the other palette.
  const shownDark = useRef(dark);
  useEffect(() => {
    if (shownDark.current === dark) return;
    shownDark.current = dark;
    drawBase('theme');
  }, [dark, drawBase]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: redraws when these change; drawOverlay reads them from `latest`
  useEffect(() => {
    drawOverlay();
  }, [drawOverlay, hoverSeat, focusSeat, focused]);

  // After Enter/Space (or a refresh) the focused seat's state may have changed: say so.
  useEffect(() => {
    if (focused && focusSeat >= 0 && focusSeat < layout.count) setAnnouncement(describeSeat(focusSeat).announcement);
  }, [focused, focusSeat, layout.count, describeSeat]);

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
  }, [zoomBy]);

  const localPoint = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const seatAt = (screenX: number, screenY: number, radius = 0.55): number => {
    const view = viewRef.current;
    if (!view) return -1;
    const world = toWorld(view, screenX, screenY);
    // At small zoom levels a seat is a few pixels: accept a pointer within 6 px of it.
    const start = performance.now();
    const seat = hitTest(grid, world.x, world.y, Math.max(radius, 6 / view.scale));
    const end = performance.now();
    performance.clearMeasures('seatplan:hit');
    performance.measure('seatplan:hit', { start, end });
    return seat;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    const point = localPoint(event);
    pointersRef.current.set(event.pointerId, point);
    event.currentTarget.setPointerCapture(event.pointerId);
    const view = viewRef.current;
    if (!view) return;
    if (pointersRef.current.size === 2) {
      const [a, b] = [...pointersRef.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      gestureRef.current = {
        kind: 'pinch',
        distance: Math.hypot(a.x - b.x, a.y - b.y),
        midX: (a.x + b.x) / 2,
        midY: (a.y + b.y) / 2,
      };
    } else if (event.shiftKey) {
      gestureRef.current = { kind: 'box', startX: point.x, startY: point.y, x: point.x, y: point.y };
    } else {
      gestureRef.current = { kind: 'pan', startX: point.x, startY: point.y, view, moved: false };
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
    const view = viewRef.current;
    if (!view) return;
    if (gesture.kind === 'pan') {
      const dx = point.x - gesture.startX;
      const dy = point.y - gesture.startY;
      if (!gesture.moved && Math.hypot(dx, dy) < CLICK_SLOP) return;
      if (!gesture.moved) setDragging(true);
      gesture.moved = true;
      setView({ ...gesture.view, offsetX: gesture.view.offsetX + dx, offsetY: gesture.view.offsetY + dy });
    } else if (gesture.kind === 'box') {
      gesture.x = point.x;
      gesture.y = point.y;
      drawOverlay();
    } else if (gesture.kind === 'pinch' && pointersRef.current.size >= 2) {
      const [a, b] = [...pointersRef.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const midX = (a.x + b.x) / 2;
      const midY = (a.y + b.y) / 2;
      const zoomed = zoomAt(view, distance / Math.max(gesture.distance, 1), midX, midY, scaleLimits());
      setView({
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
    const view = viewRef.current;
    if (gesture.kind === 'pinch') {
      // One finger left: nothing more until all are up, so the lifted finger does not count as a tap.
      if (pointersRef.current.size === 0) gestureRef.current = { kind: 'none' };
      return;
    }
    gestureRef.current = { kind: 'none' };
    setDragging(false);
    if (cancelled || !view) {
      drawOverlay();
      return;
    }
    const point = localPoint(event);
    if (gesture.kind === 'box') {
      const a = toWorld(view, gesture.startX, gesture.startY);
      const b = toWorld(view, point.x, point.y);
      const seats = queryBox(grid, a.x, a.y, b.x, b.y).sort((first, second) => first - second);
      drawOverlay();
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

  const ensureVisible = (seat: number) => {
    const view = viewRef.current;
    if (!view) return;
    const { width, height } = sizeRef.current;
    let next = view;
    if (view.scale < KEYBOARD_MIN_SCALE) {
      const at = toScreen(view, layout.x[seat] as number, layout.y[seat] as number);
      next = zoomAt(view, KEYBOARD_MIN_SCALE / view.scale, at.x, at.y, { min: 0, max: 60 });
    }
    const at = toScreen(next, layout.x[seat] as number, layout.y[seat] as number);
    const margin = Math.min(60, width / 4, height / 4);
    if (at.x < margin || at.x > width - margin || at.y < margin || at.y > height - margin) {
      next = { ...next, offsetX: next.offsetX + width / 2 - at.x, offsetY: next.offsetY + height / 2 - at.y };
    }
    if (next !== view) setView(next);
  };

  const focusOn = (seat: number) => {
    if (seat < 0) return;
    setFocusSeat(seat);
    setHoverSeat(-1);
    ensureVisible(seat);
    setAnnouncement(describeSeat(seat).announcement);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!focused) setFocused(true);
    const arrows: Record<string, Direction> = {
      ArrowLeft: 'left',
      ArrowRight: 'right',
      ArrowUp: 'up',
      ArrowDown: 'down',
    };
    const direction = arrows[event.key];
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
      zoomBy(ZOOM_STEP);
    } else if (event.key === '-') {
      event.preventDefault();
      zoomBy(1 / ZOOM_STEP);
    } else if (event.key === '0') {
      event.preventDefault();
      fitToScreen();
    }
  };

  const onFocus = (event: React.FocusEvent<HTMLDivElement>) => {
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

  // The tooltip: the hovered seat, else the keyboard-focused one while the plan has focus.
  const tipSeat = dragging ? -1 : hoverSeat >= 0 ? hoverSeat : focused ? focusSeat : -1;
  let tooltip: React.ReactNode = null;
  const tipAt =
    tipSeat >= 0 && tipSeat < layout.count && viewRef.current
      ? toScreen(viewRef.current, layout.x[tipSeat] as number, layout.y[tipSeat] as number)
      : null;
  const { width, height } = sizeRef.current;
  // A seat scrolled out of view gets no tooltip: it would hang at the edge, pointing nowhere.
  if (tipAt && tipAt.x >= 0 && tipAt.x <= width && tipAt.y >= 0 && tipAt.y <= height) {
    const info = describeSeat(tipSeat);
    const at = tipAt;
    const flip = at.x > width - 220;
    tooltip = (
      <div
        id={tooltipId}
        role="tooltip"
        className="seat-plan-tooltip"
        data-testid="seat-tooltip"
        style={{
          left: flip ? undefined : at.x + 14,
          right: flip ? width - at.x + 14 : undefined,
          top: Math.max(4, at.y - 10),
        }}
      >
        <strong>{info.title}</strong>
        {info.lines.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </div>
    );
  }

  return (
    <div className="seat-plan-stage">
      <div
        ref={wrapRef}
        className="seat-plan-canvas-wrap"
        data-dragging={dragging || undefined}
        role="application"
        aria-label={t('planLabel')}
        aria-describedby={helpId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: role application is an interactive widget: the plan takes arrow keys
        tabIndex={0}
        data-testid="seat-plan-canvas"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endPointer(event, false)}
        onPointerCancel={(event) => endPointer(event, true)}
        onPointerLeave={() => {
          if (gestureRef.current.kind === 'none') setHoverSeat(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={() => setFocused(false)}
      >
        <canvas ref={baseRef} className="seat-plan-canvas" />
        <canvas ref={overlayRef} className="seat-plan-canvas" />
        {tooltip}
      </div>
      <Group gap={4} className="seat-plan-zoom" role="group" aria-label={t('planLabel')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('zoomIn')}
          title={t('zoomIn')}
          onClick={() => zoomBy(ZOOM_STEP)}
        >
          <span aria-hidden="true">+</span>
        </ActionIcon>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('zoomOut')}
          title={t('zoomOut')}
          onClick={() => zoomBy(1 / ZOOM_STEP)}
        >
          <span aria-hidden="true">−</span>
        </ActionIcon>
        <ActionIcon variant="default" size="lg" aria-label={t('fit')} title={t('fit')} onClick={fitToScreen}>
          <span aria-hidden="true">⤢</span>
        </ActionIcon>
      </Group>
      <p id={helpId} className="foyer-visually-hidden">
        {t('planHelp')}
      </p>
      <div className="foyer-visually-hidden" aria-live="polite" data-testid="seat-announcement">
        {announcement}
      </div>
    </div>
  );
}
