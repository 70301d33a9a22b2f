import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { clear, hit, peek, refund, sweepExpired } from "./rate-limit";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());
beforeEach(() => testDb.db.rateLimit.deleteMany());

const rule = { limit: 3, windowMs: 60_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the rate-limit counter (fixed window in the RateLimit table)", () => {
  it("counts hits, allows up to the limit and says how long the window still runs", async () => {
    const states = [];
    for (let i = 0; i < 5; i++) states.push(await hit("k", rule));
    expect(states.map((state) => [state.count, state.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
      [5, false],
    ]);
    for (const state of states) expect(state.retryAfterSeconds).toBeGreaterThan(55);
    for (const state of states) expect(state.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("keeps keys apart", async () => {
    await hit("a", rule);
    await hit("a", rule);
    expect((await hit("b", rule)).count).toBe(1);
  });

  it("peek reads without counting and says whether one more attempt would be allowed", async () => {
    expect(await peek("p", rule)).toEqual({ allowed: true, count: 0, retryAfterSeconds: 0 });
    await hit("p", rule);
    await hit("p", rule);
    expect(await peek("p", rule)).toMatchObject({ allowed: true, count: 2 });
    await hit("p", rule);
    const full = await peek("p", rule);
    expect(full).toMatchObject({ allowed: false, count: 3 });
    expect(full.retryAfterSeconds).toBeGreaterThan(55);
    expect((await peek("p", rule)).count).toBe(3);
  });

  it("clear forgets the key; refund takes back one attempt and never goes below zero", async () => {
    await hit("c", rule);
    await hit("c", rule);
    await refund("c");
    expect((await peek("c", rule)).count).toBe(1);
    await refund("c");
    await refund("c");
    expect((await peek("c", rule)).count).toBe(0);
    await hit("c", rule);
    await clear("c");
    expect(await peek("c", rule)).toMatchObject({ count: 0, allowed: true });
    await refund("missing");
  });

  it("starts a new window once the old one has ended", async () => {
    const short = { limit: 2, windowMs: 300 };
    await hit("w", short);
    await hit("w", short);
    expect((await hit("w", short)).allowed).toBe(false);
    await sleep(400);
    expect(await peek("w", short)).toMatchObject({ allowed: true, count: 0 });
    expect(await hit("w", short)).toMatchObject({ allowed: true, count: 1 });
  });

  it("counts concurrent hits exactly: every count from 1 to n is handed out once", async () => {
    const n = 40;
    const states = await Promise.all(Array.from({ length: n }, () => hit("burst", { limit: 5, windowMs: 60_000 })));
    expect(states.map((state) => state.count).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(states.filter((state) => state.allowed)).toHaveLength(5);
    expect((await peek("burst", rule)).count).toBe(n);
  });

  it("sweeps only windows that have ended", async () => {
    await hit("old", { limit: 1, windowMs: 100 });
    await hit("current", rule);
    await sleep(200);
    expect(await sweepExpired()).toBe(1);
    expect((await testDb.db.rateLimit.findMany()).map((row) => row.key)).toEqual(["current"]);
  });
});
