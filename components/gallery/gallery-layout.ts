// The grid's geometry from the width it is given: as many columns as fit tiles of at least
// MIN_TILE_PX, never fewer than two (phones) nor more than six (wide screens keep tiles large). Pure.

export const GRID_GAP_PX = 12;
const MIN_TILE_PX = 170;
const MIN_COLUMNS = 2;
const MAX_COLUMNS = 6;

export type GridLayout = { columns: number; tilePx: number };

export function gridLayout(widthPx: number): GridLayout {
  const fit = Math.floor((widthPx + GRID_GAP_PX) / (MIN_TILE_PX + GRID_GAP_PX));
  const columns = Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, fit));
  const tilePx = Math.max(0, (widthPx - GRID_GAP_PX * (columns - 1)) / columns);
  return { columns, tilePx };
}

/** Rows needed for `count` entries. */
export function rowCount(count: number, columns: number): number {
  return Math.ceil(count / columns);
}
