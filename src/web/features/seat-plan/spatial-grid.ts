/**
 * A uniform grid over seat centres for hit tests: each cell lists the seats whose centre lies in it, stored as
 * one flat index array with per-cell offsets (CSR), so 100,000 seats take two typed arrays and no objects.
 * A hit test looks at the 3×3 cells around the point; a box query walks the cells the box covers.
 */
export interface SpatialGrid {
  cellSize: number;
  minX: number;
  minY: number;
  columns: number;
  rowsCount: number;
  /** Seats of cell c are items[cellStart[c] .. cellStart[c + 1]). */
  cellStart: Uint32Array;
  items: Uint32Array;
  x: Float32Array;
  y: Float32Array;
}

export function buildSpatialGrid(x: Float32Array, y: Float32Array, count: number, cellSize = 4): SpatialGrid {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const px = x[i] as number;
    const py = y[i] as number;
    if (px < minX) minX = px;
    if (px > maxX) maxX = px;
    if (py < minY) minY = py;
    if (py > maxY) maxY = py;
  }
  if (count === 0) {
    minX = 0;
    minY = 0;
    maxX = 0;
    maxY = 0;
  }
  const columns = Math.max(1, Math.floor((maxX - minX) / cellSize) + 1);
  const rowsCount = Math.max(1, Math.floor((maxY - minY) / cellSize) + 1);
  const cellCount = columns * rowsCount;
  const cellOf = new Uint32Array(count);
  const cellStart = new Uint32Array(cellCount + 1);
  for (let i = 0; i < count; i++) {
    const column = Math.floor(((x[i] as number) - minX) / cellSize);
    const row = Math.floor(((y[i] as number) - minY) / cellSize);
    const cell = row * columns + column;
    cellOf[i] = cell;
    cellStart[cell + 1] = (cellStart[cell + 1] as number) + 1;
  }
  for (let c = 0; c < cellCount; c++) cellStart[c + 1] = (cellStart[c + 1] as number) + (cellStart[c] as number);
  const fill = cellStart.slice(0, cellCount);
  const items = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const cell = cellOf[i] as number;
    items[fill[cell] as number] = i;
    fill[cell] = (fill[cell] as number) + 1;
  }
  return { cellSize, minX, minY, columns, rowsCount, cellStart, items, x, y };
}

/** The seat whose centre is nearest to (px, py) within `radius`, or -1. */
export function hitTest(grid: SpatialGrid, px: number, py: number, radius = 0.5): number {
  const { cellSize, minX, minY, columns, rowsCount, cellStart, items, x, y } = grid;
  const column0 = Math.max(0, Math.floor((px - radius - minX) / cellSize));
  const column1 = Math.min(columns - 1, Math.floor((px + radius - minX) / cellSize));
  const row0 = Math.max(0, Math.floor((py - radius - minY) / cellSize));
  const row1 = Math.min(rowsCount - 1, Math.floor((py + radius - minY) / cellSize));
  let best = -1;
  let bestDistance = radius * radius;
  for (let row = row0; row <= row1; row++) {
    for (let column = column0; column <= column1; column++) {
      const cell = row * columns + column;
      const end = cellStart[cell + 1] as number;
      for (let k = cellStart[cell] as number; k < end; k++) {
        const seat = items[k] as number;
        const dx = (x[seat] as number) - px;
        const dy = (y[seat] as number) - py;
        const distance = dx * dx + dy * dy;
        if (distance <= bestDistance) {
          bestDistance = distance;
          best = seat;
        }
      }
    }
  }
  return best;
}

/** Every seat whose centre lies in the box (corners in any order), in no particular order. */
export function queryBox(grid: SpatialGrid, ax: number, ay: number, bx: number, by: number): number[] {
  const x0 = Math.min(ax, bx);
  const x1 = Math.max(ax, bx);
  const y0 = Math.min(ay, by);
  const y1 = Math.max(ay, by);
  const { cellSize, minX, minY, columns, rowsCount, cellStart, items, x, y } = grid;
  const column0 = Math.max(0, Math.floor((x0 - minX) / cellSize));
  const column1 = Math.min(columns - 1, Math.floor((x1 - minX) / cellSize));
  const row0 = Math.max(0, Math.floor((y0 - minY) / cellSize));
  const row1 = Math.min(rowsCount - 1, Math.floor((y1 - minY) / cellSize));
  const found: number[] = [];
  for (let row = row0; row <= row1; row++) {
    for (let column = column0; column <= column1; column++) {
      const cell = row * columns + column;
      const end = cellStart[cell + 1] as number;
      for (let k = cellStart[cell] as number; k < end; k++) {
        const seat = items[k] as number;
        const sx = x[seat] as number;
        const sy = y[seat] as number;
        if (sx >= x0 && sx <= x1 && sy >= y0 && sy <= y1) found.push(seat);
      }
    }
  }
  return found;
}
