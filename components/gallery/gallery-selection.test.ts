import { describe, expect, it } from "vitest";
import { emptySelection, keptIn, movedFocus, selectedEntries, toggled, withRange } from "./gallery-selection";

const order = ["a", "b", "c", "d", "e", "f"];

describe("gallery selection", () => {
  it("acts on every listed image of a selected variation set's tile", () => {
    const tiles = [{ id: "a", variationIds: ["a"] }, { id: "s1", variationIds: ["s1", "s2", "s3"] }];
    expect([...selectedEntries(toggled(emptySelection, "s1"), tiles)]).toEqual(["s1", "s2", "s3"]);
    expect([...selectedEntries(withRange(toggled(emptySelection, "a"), ["a", "s1"], "s1"), tiles)]).toEqual(["a", "s1", "s2", "s3"]);
  });

  it("toggles one entry in and out and makes it the anchor", () => {
    const one = toggled(emptySelection, "c");
    expect([...one.ids]).toEqual(["c"]);
    expect(one.anchor).toBe("c");
    expect([...toggled(one, "c").ids]).toEqual([]);
  });

  it("adds the range between the anchor and the clicked entry, either way round", () => {
    const down = withRange(toggled(emptySelection, "b"), order, "e");
    expect([...down.ids].sort()).toEqual(["b", "c", "d", "e"]);
    expect(down.anchor).toBe("b");
    const up = withRange(toggled(emptySelection, "e"), order, "c");
    expect([...up.ids].sort()).toEqual(["c", "d", "e"]);
  });

  it("keeps what was selected before when adding a range", () => {
    const first = toggled(emptySelection, "a");
    const anchored = toggled(first, "d");
    expect([...withRange(anchored, order, "f").ids].sort()).toEqual(["a", "d", "e", "f"]);
  });

  it("selects only the clicked entry when there is no anchor", () => {
    expect([...withRange(emptySelection, order, "c").ids]).toEqual(["c"]);
  });

  it("drops entries no longer listed, and the anchor with them", () => {
    const selection = withRange(toggled(emptySelection, "a"), order, "c");
    const kept = keptIn(selection, ["b", "c", "d"]);
    expect([...kept.ids].sort()).toEqual(["b", "c"]);
    expect(kept.anchor).toBeNull();
    const same = keptIn(selection, order);
    expect(same).toBe(selection);
  });

  it("moves the focus by one across and by a row up and down, within the grid", () => {
    expect(movedFocus("ArrowRight", 2, 4, 10)).toBe(3);
    expect(movedFocus("ArrowLeft", 0, 4, 10)).toBe(0);
    expect(movedFocus("ArrowDown", 2, 4, 10)).toBe(6);
    expect(movedFocus("ArrowDown", 8, 4, 10)).toBe(9);
    expect(movedFocus("ArrowUp", 5, 4, 10)).toBe(1);
    expect(movedFocus("ArrowUp", 1, 4, 10)).toBe(0);
    expect(movedFocus("End", 1, 4, 10)).toBe(9);
    expect(movedFocus("Home", 7, 4, 10)).toBe(0);
    expect(movedFocus("a", 1, 4, 10)).toBeNull();
    expect(movedFocus("ArrowRight", 0, 4, 0)).toBeNull();
  });
});
