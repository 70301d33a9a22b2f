import { describe, expect, it } from "vitest";
import { splitArrivals } from "./gallery-arrivals";

const tiles = (...ids: string[]) => ids.map((id) => ({ id }));
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe("splitArrivals", () => {
  it("holds back the tiles listed above the first one seen", () => {
    const { arrived, rest } = splitArrivals(tiles("n2", "n1", "a", "b"), new Set(["a", "b"]));
    expect(ids(arrived)).toEqual(["n2", "n1"]);
    expect(ids(rest)).toEqual(["a", "b"]);
  });

  it("holds nothing when nothing is new at the top, or when the list is new (a filter, the first load)", () => {
    expect(splitArrivals(tiles("a", "b", "c"), new Set(["a"])).arrived).toEqual([]);
    expect(ids(splitArrivals(tiles("x", "y"), new Set(["a"])).rest)).toEqual(["x", "y"]);
    expect(splitArrivals(tiles("x", "y"), new Set()).arrived).toEqual([]);
  });
});
