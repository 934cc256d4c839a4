import { ActionIcon, Group } from '@mantine/core';
import { useId } from 'react';
import { useMessages } from '../../lib/i18n';
import type { SeatLayout } from './seat-layout';
import { seatPlanMessages } from './seat-plan-messages';
import { toScreen } from './seat-renderer';
import type { SpatialGrid } from './spatial-grid';
import { useSeatPlanDrawing } from './use-seat-plan-drawing';
import { useSeatPlanGestures } from './use-seat-plan-gestures';
import { useSeatPlanKeyboard } from './use-seat-plan-keyboard';
import { useSeatPlanView } from './use-seat-plan-view';

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

/**
 * The plan on a canvas, made of four hooks: its view state (zoom and pan in refs, hover and keyboard focus in
 * state: use-seat-plan-view.ts), the drawing (use-seat-plan-drawing.ts), the pointer's gestures
 * (use-seat-plan-gestures.ts) and the keyboard (use-seat-plan-keyboard.ts). Here: the tooltip, the zoom buttons
 * and the live region.
 */
export function SeatCanvas({ layout, grid, states, selectStartRef, onSeats, describeSeat }: SeatCanvasProps) {
  const t = useMessages(seatPlanMessages);
  const helpId = useId();
  const tooltipId = useId();
  const view = useSeatPlanView();
  const drawing = useSeatPlanDrawing({ view, layout, states, selectStartRef });
  const pointer = useSeatPlanGestures({ view, drawing, grid, onSeats });
  const keyboard = useSeatPlanKeyboard({ view, drawing, layout, states, onSeats, describeSeat });
  const { viewRef, sizeRef, hoverSeat, focusSeat, focused, dragging, announcement } = view;

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
        ref={drawing.wrapRef}
        className="seat-plan-canvas-wrap"
        data-dragging={dragging || undefined}
        role="application"
        aria-label={t('planLabel')}
        aria-describedby={helpId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: role application is an interactive widget: the plan takes arrow keys
        tabIndex={0}
        data-testid="seat-plan-canvas"
        {...pointer}
        onKeyDown={keyboard.onKeyDown}
        onFocus={keyboard.onFocus}
        onBlur={keyboard.onBlur}
      >
        <canvas ref={drawing.baseRef} className="seat-plan-canvas" />
        <canvas ref={drawing.overlayRef} className="seat-plan-canvas" />
        {tooltip}
      </div>
      {/* Pointer controls: the plan itself takes +, − and 0 (its help says so), so they are no Tab stops between the
          plan and what follows it (a seller counted 19 Tabs from the plan to "Toevoegen"). */}
      <Group gap={4} className="seat-plan-zoom" role="group" aria-label={t('planLabel')}>
        {(
          [
            [t('zoomIn'), '+', keyboard.zoomIn],
            [t('zoomOut'), '−', keyboard.zoomOut],
            [t('fit'), '⤢', keyboard.fitToScreen],
          ] as const
        ).map(([label, glyph, onClick]) => (
          <ActionIcon
            key={glyph}
            variant="default"
            size="lg"
            tabIndex={-1}
            aria-label={label}
            title={label}
            onClick={onClick}
          >
            <span aria-hidden="true">{glyph}</span>
          </ActionIcon>
        ))}
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
