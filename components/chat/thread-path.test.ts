import { describe, expect, it } from "vitest";
import { childrenByParent, imagesCarriedBy, newestLeafUnder, pathTo, resolveLeaf, type ThreadTurn } from "./thread-path";

let clock = 0;
function turn(id: string, parentTurnId: string | null, extra: Partial<ThreadTurn> = {}): ThreadTurn {
  clock += 1;
  return { id, parentTurnId, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, clock)).toISOString(), status: "succeeded", imagesCarried: clock, ...extra };
}

// t1 ─ t2 ─ t3          (the first branch)
//    └ t4 ─ t5          ("edit from here" on t1, later)
//           └ t6 (failed, a retry of t5's instruction would be its sibling)
// r2                    (a second first turn: "edit & retry" of a failed first turn)
function conversation() {
  clock = 0;
  const t1 = turn("t1", null);
  const t2 = turn("t2", "t1");
  const t3 = turn("t3", "t2");
  const t4 = turn("t4", "t1");
  const t5 = turn("t5", "t4");
  const t6 = turn("t6", "t5", { status: "failed", imagesCarried: 0 });
  const r2 = turn("r2", null);
  return { t1, t2, t3, t4, t5, t6, r2, all: [t1, t2, t3, t4, t5, t6, r2] };
}

describe("thread path", () => {
  it("follows parents from the first turn down to the leaf", () => {
    const { all } = conversation();
    expect(pathTo(all, "t3").map((t) => t.id)).toEqual(["t1", "t2", "t3"]);
    expect(pathTo(all, "t6").map((t) => t.id)).toEqual(["t1", "t4", "t5", "t6"]);
    expect(pathTo(all, "r2").map((t) => t.id)).toEqual(["r2"]);
  });

  it("groups children by parent, oldest first: a turn's siblings (itself included) in creation order", () => {
    const { all } = conversation();
    const children = childrenByParent(all);
    expect(children.get(null)?.map((t) => t.id)).toEqual(["t1", "r2"]);
    expect(children.get("t1")?.map((t) => t.id)).toEqual(["t2", "t4"]);
    expect(children.get("t2")?.map((t) => t.id)).toEqual(["t3"]);
    expect(children.get("t3")).toBeUndefined();
  });

  it("picks the newest leaf under a turn, the turn itself when it is a leaf", () => {
    const { all } = conversation();
    expect(newestLeafUnder(all, "t2")?.id).toBe("t3");
    expect(newestLeafUnder(all, "t4")?.id).toBe("t6");
    expect(newestLeafUnder(all, "t1")?.id).toBe("t6");
    expect(newestLeafUnder(all, "t3")?.id).toBe("t3");
    expect(newestLeafUnder(all, "missing")).toBeUndefined();
  });

  it("breaks equal creation times by list order (the server's order)", () => {
    const at = "2026-01-01T00:00:00.000Z";
    const turns: ThreadTurn[] = [
      { id: "a", parentTurnId: null, createdAt: at, status: "succeeded", imagesCarried: 1 },
      { id: "b", parentTurnId: "a", createdAt: at, status: "succeeded", imagesCarried: 2 },
      { id: "c", parentTurnId: "a", createdAt: at, status: "succeeded", imagesCarried: 2 },
    ];
    expect(newestLeafUnder(turns, "a")?.id).toBe("c");
    expect(childrenByParent(turns).get("a")?.map((t) => t.id)).toEqual(["b", "c"]);
  });

  it("resolves the shown leaf: below the selected turn, else the newest turn, else none", () => {
    const { all } = conversation();
    expect(resolveLeaf(all, "t3")?.id).toBe("t3");
    expect(resolveLeaf(all, "t2")?.id).toBe("t3");
    expect(resolveLeaf(all, null)?.id).toBe("r2");
    expect(resolveLeaf(all, "gone")?.id).toBe("r2");
    expect(resolveLeaf([], null)).toBeUndefined();
  });

  it("counts the images carried from the last succeeded turn; failed turns carry nothing", () => {
    const { all, t5 } = conversation();
    expect(imagesCarriedBy(pathTo(all, "t6"))).toBe(t5.imagesCarried);
    expect(imagesCarriedBy(pathTo(all, "t5"))).toBe(t5.imagesCarried);
    expect(imagesCarriedBy([])).toBe(0);
    expect(imagesCarriedBy([{ id: "x", parentTurnId: null, createdAt: "2026-01-01T00:00:00Z", status: "failed", imagesCarried: 0 }])).toBe(0);
  });
});
