import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";

// pg 8 queues a statement sent while its connection is busy, warns that the queue goes in pg 9, and
// pg 9 refuses it. Prisma's query plans fetch an `include`'s relations at once, which inside a
// transaction (one connection) would send statements while one is under way.
describe("a transaction's statements", () => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await createTestDb();
  });

  afterAll(() => testDb?.close());

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Counts, on every pg connection, the statements sent and not yet answered; answers the most seen at once. */
  function countStatementsAtOnce(): () => number {
    let mostAtOnce = 0;
    const inFlight = new WeakMap<pg.Client, number>();
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const now = (inFlight.get(this) ?? 0) + 1;
      inFlight.set(this, now);
      mostAtOnce = Math.max(mostAtOnce, now);
      const answered = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) void result.then(answered, answered);
      else answered();
      return result as never;
    });
    return () => mostAtOnce;
  }

  it("go to the server one at a time, an include's relations among them", async () => {
    const owner = await testDb.db.user.create({ data: { email: "one-at-a-time@example.com", name: "One", passwordHash: "hash" } });
    const team = await testDb.db.team.create({ data: { name: "Team", memberships: { create: { userId: owner.id, role: "owner" } } } });
    const mostAtOnce = countStatementsAtOnce();

    const renamed = await testDb.db.$transaction((tx) =>
      tx.user.update({ where: { id: owner.id }, data: { name: "Renamed" }, include: { memberships: { include: { team: true } }, sessions: true, generations: true } }),
    );

    expect(renamed.memberships.map((membership) => membership.team.name)).toEqual([team.name]);
    expect(mostAtOnce()).toBe(1);
  });
});
