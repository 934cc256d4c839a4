import { useComputedColorScheme } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useMessages } from '../../lib/i18n';
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
  type ViewTransform,
  zoomAt,
} from './seat-renderer';
import { STATE_UNAVAILABLE } from './seat-states';
import type { SeatPlanView } from './use-seat-plan-view';

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

/** The selection box of a shift-drag, in CSS px of the canvas. */
export interface SelectionBox {
  startX: number;
  startY: number;
  x: number;
  y: number;
}

interface DrawingOptions {
  view: SeatPlanView;
  layout: SeatLayout;
  states: Uint8Array;
  /** Set by the viewer just before it reports a selection change: start of the `seatplan:select` measure. */
  selectStartRef: React.RefObject<number | null>;
}

/**
 * Draws the plan: one base canvas with every seat (redrawn as a whole, in batches, or only the seats whose state
 * changed), and an overlay canvas for what changes with the pointer (hover ring, keyboard focus ring, selection
 * box), so hovering never redraws 20,000 seats. Follows the wrapper's size (refitting while the person has not
 * moved the plan), a new plan or new states, and the colour scheme; view changes are drawn in the next frame.
 */
export function useSeatPlanDrawing({ view, layout, states, selectStartRef }: DrawingOptions) {
  const t = useMessages(seatPlanMessages);
  const dark = useComputedColorScheme('light') === 'dark';
  const palette = dark ? DARK_PALETTE : DEFAULT_PALETTE;
  const { viewRef, sizeRef, userMovedRef, hoverSeat, focusSeat, focused, setHoverSeat, setFocusSeat } = view;
  const wrapRef = useRef<HTMLDivElement>(null);
  const baseRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const frameRef = useRef(0);
  const firstDrawRef = useRef(true);
  const boxRef = useRef<SelectionBox | null>(null);
  /** What the base canvas shows: the states and view it was last drawn with (for partial redraws). */
  const drawnRef = useRef<{ layout: SeatLayout; states: Uint8Array; view: ViewTransform } | null>(null);

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

  const prepareCanvas = useCallback(
    (canvas: HTMLCanvasElement): CanvasRenderingContext2D | null => {
      const { width, height } = sizeRef.current;
      const dpr = window.devicePixelRatio || 1;
      const pixelWidth = Math.max(1, Math.round(width * dpr));
      const pixelHeight = Math.max(1, Math.round(height * dpr));
      if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
        canvas.width = pixelWidth;
        canvas.height = pixelHeight;
      }
      return canvas.getContext('2d');
    },
    [sizeRef],
  );

  const drawOverlay = useCallback(() => {
    const canvas = overlayRef.current;
    const shown = viewRef.current;
    if (!canvas || !shown) return;
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
      drawSeatRing(ctx, currentLayout, hover, shown, dpr, colours.label, 1.5);
    if (hasFocus && focus >= 0 && focus < currentLayout.count) {
      drawSeatRing(ctx, currentLayout, focus, shown, dpr, dark ? '#ffd43b' : '#d9480f', 3);
    }
    const box = boxRef.current;
    if (box) {
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.fillStyle = 'rgba(34, 139, 230, 0.12)';
      ctx.strokeStyle = '#1c7ed6';
      ctx.lineWidth = 1;
      const x = Math.min(box.startX, box.x);
      const y = Math.min(box.startY, box.y);
      const width = Math.abs(box.x - box.startX);
      const height = Math.abs(box.y - box.startY);
      ctx.fillRect(x, y, width, height);
      ctx.strokeRect(x + 0.5, y + 0.5, width, height);
    }
  }, [prepareCanvas, dark, viewRef]);

  const drawBase = useCallback(
    (kind: string) => {
      const canvas = baseRef.current;
      const shown = viewRef.current;
      if (!canvas || !shown || sizeRef.current.width === 0) return;
      const ctx = prepareCanvas(canvas);
      if (!ctx) return;
      const start = performance.now();
      const { layout: currentLayout, states: currentStates, palette: colours, labels } = latest.current;
      drawSeatPlan(
        ctx,
        currentLayout,
        currentStates,
        shown,
        { ...sizeRef.current, devicePixelRatio: window.devicePixelRatio || 1 },
        labels,
        colours,
      );
      const end = performance.now();
      drawnRef.current = { layout: currentLayout, states: currentStates.slice(), view: shown };
      // The view is not React state; tests read the zoom level from here.
      if (wrapRef.current) wrapRef.current.dataset.scale = shown.scale.toFixed(4);
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
    [prepareCanvas, drawOverlay, selectStartRef, viewRef, sizeRef],
  );

  /**
   * After a selection: when only states changed since the last draw, redraw just the changed seats; else the whole
   * plan. Both are measured as `seatplan:draw` (kind "selection"; `changed` tells how many seats a partial one drew).
   */
  const drawStates = useCallback(() => {
    const drawn = drawnRef.current;
    const canvas = baseRef.current;
    const shown = viewRef.current;
    const { layout: currentLayout, states: currentStates, palette: colours } = latest.current;
    if (!drawn || !canvas || !shown || drawn.layout !== currentLayout || drawn.view !== shown || frameRef.current) {
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
      shown,
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
  }, [drawBase, selectStartRef, viewRef, sizeRef]);

  const scheduleDraw = useCallback(() => {
    if (frameRef.current) return;
    frameRef.current = requestAnimationFrame(() => {
      frameRef.current = 0;
      drawBase('view');
    });
  }, [drawBase]);
  useEffect(() => () => cancelAnimationFrame(frameRef.current), []);

  /** Shows the plan as the person moved it (pan, zoom, a seat brought into view), in the next frame. */
  const moveView = useCallback(
    (next: ViewTransform) => {
      viewRef.current = next;
      userMovedRef.current = true;
      scheduleDraw();
    },
    [scheduleDraw, viewRef, userMovedRef],
  );

  const scaleLimits = useCallback(() => {
    const fit = fitView(latest.current.layout, sizeRef.current);
    return { min: Math.min(fit.scale, 1) * 0.5, max: 60 };
  }, [sizeRef]);

  const fitToScreen = useCallback(() => {
    viewRef.current = fitView(latest.current.layout, sizeRef.current);
    userMovedRef.current = false;
    scheduleDraw();
  }, [scheduleDraw, viewRef, sizeRef, userMovedRef]);

  /** Zooms about a point of the canvas (CSS px), the centre when none is given. */
  const zoomBy = useCallback(
    (factor: number, screenX?: number, screenY?: number) => {
      const shown = viewRef.current;
      if (!shown) return;
      const { width, height } = sizeRef.current;
      moveView(zoomAt(shown, factor, screenX ?? width / 2, screenY ?? height / 2, scaleLimits()));
      setHoverSeat(-1);
    },
    [moveView, scaleLimits, viewRef, sizeRef, setHoverSeat],
  );

  /** Shows (or, with null, removes) the selection box of a shift-drag on the overlay. */
  const showBox = useCallback(
    (box: SelectionBox | null) => {
      boxRef.current = box;
      drawOverlay();
    },
    [drawOverlay],
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
  }, [drawBase, viewRef, sizeRef, userMovedRef]);

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

  return { wrapRef, baseRef, overlayRef, moveView, zoomBy, fitToScreen, showBox, scaleLimits };
}

export type SeatPlanDrawing = ReturnType<typeof useSeatPlanDrawing>;
