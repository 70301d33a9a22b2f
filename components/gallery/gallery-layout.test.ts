import { describe, expect, it } from "vitest";
import { GRID_GAP_PX, gridLayout, rowCount } from "./gallery-layout";

describe("gallery grid layout", () => {
  it("fits as many columns as the width allows, between two and six", () => {
    expect(gridLayout(320).columns).toBe(2);
    expect(gridLayout(900).columns).toBe(5);
    expect(gridLayout(3000).columns).toBe(6);
  });

  it("fills the width exactly with tiles and gaps", () => {
    const { columns, tilePx } = gridLayout(1000);
    expect(columns * tilePx + (columns - 1) * GRID_GAP_PX).toBeCloseTo(1000);
  });

  it("counts the rows of a last, partly filled row", () => {
    expect(rowCount(0, 4)).toBe(0);
    expect(rowCount(9, 4)).toBe(3);
    expect(rowCount(8, 4)).toBe(2);
  });
});
