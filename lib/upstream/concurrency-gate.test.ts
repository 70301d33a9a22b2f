import { describe, expect, it } from "vitest";
import { createConcurrencyGate, type ReleaseSlot } from "./concurrency-gate";

const flush = () => new Promise((resolve) => setImmediate(resolve));

function track(promise: Promise<ReleaseSlot>) {
  const state: { release?: ReleaseSlot; error?: unknown } = {};
  promise.then(
    (release) => (state.release = release),
    (error) => (state.error = error),
  );
  return state;
}

describe("concurrency gate", () => {
  it("admits up to the limit at once, without reporting a position", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 2 });
    const positions: number[] = [];
    await gate.acquire("m", { onPosition: (p) => positions.push(p) });
    await gate.acquire("m", { onPosition: (p) => positions.push(p) });
    expect(positions).toEqual([]);
    expect(gate.snapshot("m")).toEqual({ limit: 2, active: 2, waiting: 0 });
  });

  it("admits waiters first-in first-out", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 1 });
    const first = await gate.acquire("m");
    const order: string[] = [];
    const b = gate.acquire("m").then((release) => (order.push("b"), release));
    const c = gate.acquire("m").then((release) => (order.push("c"), release));
    const d = gate.acquire("m").then((release) => (order.push("d"), release));
    await flush();
    expect(order).toEqual([]);
    first();
    (await b)();
    (await c)();
    (await d)();
    expect(order).toEqual(["b", "c", "d"]);
    expect(gate.snapshot("m")).toEqual({ limit: 1, active: 0, waiting: 0 });
  });

  it("reports each waiter's position when it joins and whenever it changes", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 1 });
    const running = await gate.acquire("m");
    const seen: Record<string, number[]> = { b: [], c: [], d: [] };
    const b = track(gate.acquire("m", { onPosition: (p) => seen.b!.push(p) }));
    const c = track(gate.acquire("m", { onPosition: (p) => seen.c!.push(p) }));
    const d = track(gate.acquire("m", { onPosition: (p) => seen.d!.push(p) }));
    expect(seen).toEqual({ b: [1], c: [2], d: [3] });
    running();
    await flush();
    expect(b.release).toBeDefined();
    expect(seen).toEqual({ b: [1], c: [2, 1], d: [3, 2] });
    b.release!();
    await flush();
    expect(seen).toEqual({ b: [1], c: [2, 1], d: [3, 2, 1] });
    c.release!();
    await flush();
    d.release!();
  });

  it("removes a waiter on abort, rejects with the abort reason and moves the others up", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 1 });
    const running = await gate.acquire("m");
    const controller = new AbortController();
    const seenC: number[] = [];
    const b = track(gate.acquire("m", { signal: controller.signal }));
    const c = track(gate.acquire("m", { onPosition: (p) => seenC.push(p) }));
    controller.abort(new Error("user left"));
    await flush();
    expect((b.error as Error).message).toBe("user left");
    expect(seenC).toEqual([2, 1]);
    expect(gate.snapshot("m").waiting).toBe(1);
    running();
    await flush();
    expect(c.release).toBeDefined();
    expect(gate.snapshot("m")).toEqual({ limit: 1, active: 1, waiting: 0 });
  });

  it("rejects at once when the signal is already aborted", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 1 });
    await expect(gate.acquire("m", { signal: AbortSignal.abort(new Error("gone")) })).rejects.toThrow("gone");
    expect(gate.snapshot("m").active).toBe(0);
  });

  it("an abort after admission changes nothing", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 1 });
    const controller = new AbortController();
    const release = await gate.acquire("m", { signal: controller.signal });
    controller.abort();
    expect(gate.snapshot("m").active).toBe(1);
    release();
    expect(gate.snapshot("m").active).toBe(0);
  });

  it("release is idempotent", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 2 });
    const release = await gate.acquire("m");
    await gate.acquire("m");
    release();
    release();
    expect(gate.snapshot("m").active).toBe(1);
  });

  it("keeps separate lines per model, with per-model limits", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 1, limits: { big: 3 } });
    await gate.acquire("a");
    const b = track(gate.acquire("b"));
    await flush();
    expect(b.release).toBeDefined();
    expect(gate.snapshot("big").limit).toBe(3);
  });

  it("raising the limit admits waiters at once", async () => {
    const gate = createConcurrencyGate({ defaultLimit: 1 });
    await gate.acquire("m");
    const b = track(gate.acquire("m"));
    const c = track(gate.acquire("m"));
    gate.setLimit("m", 3);
    await flush();
    expect(b.release && c.release).toBeDefined();
    expect(gate.snapshot("m")).toEqual({ limit: 3, active: 3, waiting: 0 });
  });

  it("rejects limits below 1", () => {
    expect(() => createConcurrencyGate({ defaultLimit: 0 })).toThrow(RangeError);
    expect(() => createConcurrencyGate({ defaultLimit: 1 }).setLimit("m", 1.5)).toThrow(RangeError);
  });
});
