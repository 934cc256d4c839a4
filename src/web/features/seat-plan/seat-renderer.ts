import type { SeatLayout } from './seat-layout';
import { STATE_FREE, STATE_HELD, STATE_SELECTED, STATE_UNAVAILABLE } from './seat-states';

/** Screen (CSS px) = world × scale + offset. */
export interface ViewTransform {
  scale: number;
  offsetX: number;
  offsetY: number;
}

export interface DrawTarget {
  /** CSS pixels. */
  width: number;
  height: number;
  devicePixelRatio: number;
}

export interface SeatPalette {
  /** Free seats, per rank index (repeats when there are more ranks than colours). */
  ranks: readonly string[];
  selected: string;
  selectedMark: string;
  held: string;
  unavailable: string;
  sectionLine: string;
  label: string;
  stage: string;
  stageLabel: string;
}

/**
 * Colour-blind-safe rank colours (Okabe–Ito, without the yellow that vanishes on white). States differ by shape
 * too: free = circle in the rank colour, selected = dark square with a light dot, held = diamond, unavailable = ×.
 */
export const DEFAULT_PALETTE: SeatPalette = {
  ranks: ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#7F7F7F', '#8C6D31'],
  selected: '#14213d',
  selectedMark: '#ffffff',
  held: '#7b2cbf',
  unavailable: '#9aa0a6',
  sectionLine: '#ced4da',
  label: '#343a40',
  stage: '#343a40',
  stageLabel: '#ffffff',
};

export interface DrawLabels {
  stage: string;
  /** A general-admission block's caption, e.g. "Vrije plaatsen". */
  generalAdmission: string;
}

const SEAT_RADIUS = 0.4;
/** Half the arm of the × of an unavailable seat. */
const CROSS = 0.3;
/**
 * Below this many CSS px per seat radius, circles become squares: the eye can hardly tell, and a rect is several
 * times cheaper than an arc for the rasteriser (20,000 arcs take ~45 ms in software Chromium, rects ~10 ms).
 */
const ROUND_FROM_PX = 3.5;

/** The view that shows the whole plan centred with a margin. */
export function fitView(layout: SeatLayout, target: Pick<DrawTarget, 'width' | 'height'>, margin = 16): ViewTransform {
  const { minX, minY, maxX, maxY } = layout.bounds;
  const worldWidth = Math.max(maxX - minX, 1);
  const worldHeight = Math.max(maxY - minY, 1);
  const scale = Math.max(
    0.01,
    Math.min((target.width - margin * 2) / worldWidth, (target.height - margin * 2) / worldHeight),
  );
  return {
    scale,
    offsetX: (target.width - worldWidth * scale) / 2 - minX * scale,
    offsetY: (target.height - worldHeight * scale) / 2 - minY * scale,
  };
}

/** Zoom by `factor` keeping the world point under (screenX, screenY) in place. */
export function zoomAt(
  view: ViewTransform,
  factor: number,
  screenX: number,
  screenY: number,
  limits: { min: number; max: number },
): ViewTransform {
  const scale = Math.min(limits.max, Math.max(limits.min, view.scale * factor));
  const worldX = (screenX - view.offsetX) / view.scale;
  const worldY = (screenY - view.offsetY) / view.scale;
  return { scale, offsetX: screenX - worldX * scale, offsetY: screenY - worldY * scale };
}

export function toWorld(view: ViewTransform, screenX: number, screenY: number): { x: number; y: number } {
  return { x: (screenX - view.offsetX) / view.scale, y: (screenY - view.offsetY) / view.scale };
}

export function toScreen(view: ViewTransform, worldX: number, worldY: number): { x: number; y: number } {
  return { x: worldX * view.scale + view.offsetX, y: worldY * view.scale + view.offsetY };
}

/**
 * Draws the whole plan: stage, section outlines and names, row numbers when there is room, and every visible seat.
 * Seats are drawn in batches — one path per rank colour for free seats and one per other state — so 100,000 seats
 * cost a handful of fill calls. Coordinates are in world units under a transform that includes the device pixel
 * ratio, so the canvas is sharp on high-density screens.
 */
export function drawSeatPlan(
  ctx: CanvasRenderingContext2D,
  layout: SeatLayout,
  states: Uint8Array,
  view: ViewTransform,
  target: DrawTarget,
  labels: DrawLabels,
  palette: SeatPalette = DEFAULT_PALETTE,
): void {
  const dpr = target.devicePixelRatio;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, target.width * dpr, target.height * dpr);
  ctx.setTransform(dpr * view.scale, 0, 0, dpr * view.scale, dpr * view.offsetX, dpr * view.offsetY);

  // The visible world rectangle, with a seat of margin: seats outside it are skipped.
  const left = -view.offsetX / view.scale - 1;
  const top = -view.offsetY / view.scale - 1;
  const right = (target.width - view.offsetX) / view.scale + 1;
  const bottom = (target.height - view.offsetY) / view.scale + 1;
  const px = 1 / view.scale; // one CSS pixel in world units

  // Stage.
  const { stage } = layout;
  ctx.fillStyle = palette.stage;
  ctx.fillRect(stage.x, stage.y, stage.width, stage.height);

  // Section outlines.
  ctx.beginPath();
  for (const section of layout.sections) {
    ctx.rect(section.x - 0.5, section.y - 0.5, section.width + 1, section.height + 1);
  }
  ctx.lineWidth = px;
  ctx.strokeStyle = palette.sectionLine;
  ctx.stroke();

  drawSeatShapes(ctx, layout, states, null, view, { left, top, right, bottom }, palette);

  // Text in screen pixels: draw it without the scale so fonts stay crisp and sized in px.
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.textBaseline = 'middle';
  ctx.font = '600 12px system-ui, sans-serif';
  ctx.textAlign = 'center';
  const stageCentre = toScreen(view, stage.x + stage.width / 2, stage.y + stage.height / 2);
  if (stage.height * view.scale >= 12) {
    ctx.fillStyle = palette.stageLabel;
    ctx.fillText(labels.stage, stageCentre.x, stageCentre.y);
  }
  ctx.fillStyle = palette.label;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'bottom';
  for (const section of layout.sections) {
    const corner = toScreen(view, section.x - 0.5, section.y - 0.6);
    ctx.fillText(section.name, corner.x, corner.y);
    if (section.generalAdmission) {
      const centre = toScreen(view, section.x + section.width / 2, section.y + section.height / 2);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(labels.generalAdmission, centre.x, centre.y);
      ctx.textAlign = 'left';
      ctx.textBaseline = 'bottom';
    }
  }
  // Row numbers to the left of each row once a seat is big enough to read them against.
  if (view.scale >= 9) {
    ctx.font = `${Math.min(12, Math.round(view.scale * 0.7))}px system-ui, sans-serif`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = palette.label;
    for (const row of layout.rows) {
      if (row.y < top || row.y > bottom) continue;
      const at = toScreen(view, row.minX - 0.8, row.y);
      ctx.fillText(String(row.rowNr), at.x, at.y);
    }
  }
}

/**
 * The seats, batched: one path per rank colour for free seats and one per other state, filled once each. `seats`
 * limits the drawing to those seats (a partial redraw); null draws every seat inside `visible` (world units).
 */
function drawSeatShapes(
  ctx: CanvasRenderingContext2D,
  layout: SeatLayout,
  states: Uint8Array,
  seats: ArrayLike<number> | null,
  view: ViewTransform,
  visible: { left: number; top: number; right: number; bottom: number },
  palette: SeatPalette,
): void {
  const { x, y, rankIndex } = layout;
  const { left, top, right, bottom } = visible;
  const radius = SEAT_RADIUS;
  const round = radius * view.scale >= ROUND_FROM_PX;
  const rankCount = Math.max(1, Math.min(layout.ranks.length, palette.ranks.length));
  const paths: Path2D[] = Array.from({ length: rankCount }, () => new Path2D());
  const selected = new Path2D();
  const selectedMarks = new Path2D();
  const held = new Path2D();
  const unavailable = new Path2D();
  const markRadius = radius * 0.35;
  const total = seats ? seats.length : layout.count;
  for (let k = 0; k < total; k++) {
    const seat = seats ? (seats[k] as number) : k;
    const sx = x[seat] as number;
    const sy = y[seat] as number;
    if (sx < left || sx > right || sy < top || sy > bottom) continue;
    const state = states[seat];
    if (state === STATE_FREE) {
      const path = paths[(rankIndex[seat] as number) % rankCount] as Path2D;
      if (round) {
        path.moveTo(sx + radius, sy);
        path.arc(sx, sy, radius, 0, Math.PI * 2);
      } else {
        path.rect(sx - radius, sy - radius, radius * 2, radius * 2);
      }
    } else if (state === STATE_SELECTED) {
      selected.rect(sx - 0.45, sy - 0.45, 0.9, 0.9);
      if (round) {
        selectedMarks.moveTo(sx + markRadius, sy);
        selectedMarks.arc(sx, sy, markRadius, 0, Math.PI * 2);
      }
    } else if (state === STATE_HELD) {
      held.moveTo(sx, sy - 0.48);
      held.lineTo(sx + 0.48, sy);
      held.lineTo(sx, sy + 0.48);
      held.lineTo(sx - 0.48, sy);
      held.closePath();
    } else if (state === STATE_UNAVAILABLE) {
      unavailable.moveTo(sx - CROSS, sy - CROSS);
      unavailable.lineTo(sx + CROSS, sy + CROSS);
      unavailable.moveTo(sx + CROSS, sy - CROSS);
      unavailable.lineTo(sx - CROSS, sy + CROSS);
    }
  }
  for (const [index, path] of paths.entries()) {
    ctx.fillStyle = palette.ranks[index] as string;
    ctx.fill(path);
  }
  // The cross's stroke stays within the seat's own square (±0.5) so a partial redraw can clear it.
  ctx.lineWidth = Math.min(0.3, 1.5 / view.scale);
  ctx.strokeStyle = palette.unavailable;
  ctx.stroke(unavailable);
  ctx.fillStyle = palette.held;
  ctx.fill(held);
  ctx.fillStyle = palette.selected;
  ctx.fill(selected);
  ctx.fillStyle = palette.selectedMark;
  ctx.fill(selectedMarks);
}

/**
 * Redraws only `seats` (their state changed, the view did not): each seat's own square (±0.5 pitch, which no other
 * seat, label or outline reaches) is cleared and the seat drawn again. After a click this touches one seat instead
 * of 20,000.
 */
export function redrawSeats(
  ctx: CanvasRenderingContext2D,
  layout: SeatLayout,
  states: Uint8Array,
  seats: ArrayLike<number>,
  view: ViewTransform,
  target: DrawTarget,
  palette: SeatPalette = DEFAULT_PALETTE,
): void {
  const dpr = target.devicePixelRatio;
  ctx.setTransform(dpr * view.scale, 0, 0, dpr * view.scale, dpr * view.offsetX, dpr * view.offsetY);
  for (let k = 0; k < seats.length; k++) {
    const seat = seats[k] as number;
    ctx.clearRect((layout.x[seat] as number) - 0.5, (layout.y[seat] as number) - 0.5, 1, 1);
  }
  const infinite = Number.POSITIVE_INFINITY;
  drawSeatShapes(
    ctx,
    layout,
    states,
    seats,
    view,
    { left: -infinite, top: -infinite, right: infinite, bottom: infinite },
    palette,
  );
}

/** A ring around one seat (hover or keyboard focus) on the overlay canvas. */
export function drawSeatRing(
  ctx: CanvasRenderingContext2D,
  layout: SeatLayout,
  seat: number,
  view: ViewTransform,
  dpr: number,
  color: string,
  widthPx: number,
): void {
  const at = toScreen(view, layout.x[seat] as number, layout.y[seat] as number);
  const radius = Math.max(5, 0.65 * view.scale);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.beginPath();
  ctx.arc(at.x, at.y, radius, 0, Math.PI * 2);
  ctx.lineWidth = widthPx;
  ctx.strokeStyle = color;
  ctx.stroke();
}
