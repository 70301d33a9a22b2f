import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "@/lib/db/database";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/test/db";
import type { ReleaseSlot } from "./concurrency-gate";
import { createDatabaseGate, type DatabaseGateOptions } from "./database-gate";
import { sqlOn } from "@/lib/db/sql";
import { beatHeartbeats } from "./gate-tickets";

// Two gates with their own holder ids stand for two studio processes on one database; on
// PostgreSQL each has its own client (own connections), as separate processes would.
let testDb: TestDb;
let second: Database;
let dbA: PrismaClient;
let dbB: PrismaClient;

beforeAll(async () => {
  testDb = await createTestDb();
  dbA = testDb.db;
  second = openDatabase(testDb.url);
  dbB = second.client;
});

afterEach(async () => {
  // Every test gives all its slots back; their deletes run in the background.
  await vi.waitFor(async () => expect(await dbA.upstreamGateTicket.count({ where: { holderId: { not: DEAD } } })).toBe(0));
  await dbA.upstreamGateTicket.deleteMany();
});

afterAll(async () => {
  await second?.close();
  await testDb.close();
});

const DEAD = "dead-process";
const POLL_MS = 20;

/** The gate of the process whose Prisma client is `db`, on that client's pool. */
function gate(db: PrismaClient, holderId: string, options: Partial<DatabaseGateOptions> = {}) {
  return createDatabaseGate({
    pool: () => (db === dbA ? testDb.pool : second.pool),
    defaultLimit: 2,
    holderId,
    pollMs: POLL_MS,
    heartbeatMs: 50,
    staleAfterMs: 1_000,
    ...options,
  });
}

const tickets = (model: string) => dbA.upstreamGateTicket.findMany({ where: { model }, orderBy: { id: "asc" } });
const admittedCount = (model: string) => dbA.upstreamGateTicket.count({ where: { model, admittedAt: { not: null } } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts an acquire and waits until its ticket is in the line; returns the pending acquire and the ticket's id. */
async function join(acquiring: () => Promise<ReleaseSlot>, model: string) {
  const before = (await tickets(model)).length;
  const slot = acquiring();
  let ticket = 0n;
  await vi.waitFor(async () => {
    const rows = await tickets(model);
    expect(rows).toHaveLength(before + 1);
    ticket = rows[rows.length - 1].id;
  });
  return { slot, ticket };
}

/** True once the promise has settled (checked after a short wait). */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await sleep(ms);
  return settled;
}

describe("the studio-wide upstream gate in the database", () => {
  it("admits at most `limit` calls at once across processes, one person's calls first come first served, telling each waiter its place", async () => {
    const model = "fifo";
    const a = gate(dbA, "process-a");
    const b = gate(dbB, "process-b");
    let active = 0;
    let most = 0;
    let go!: () => void;
    const allJoined = new Promise<void>((resolve) => (go = resolve));
    const positions: number[][] = [];
    const ticketIds: bigint[] = [];
    const runs: Promise<void>[] = [];

    for (let index = 0; index < 12; index += 1) {
      positions[index] = [];
      const { slot, ticket } = await join(() => (index % 2 === 0 ? a : b).acquire(model, { onPosition: (position) => positions[index].push(position) }), model);
      ticketIds[index] = ticket;
      runs.push(
        (async () => {
          const release = await slot;
          active += 1;
          most = Math.max(most, active);
          // One person's calls (here nobody's) go first come first served: nothing that joined earlier is still waiting.
          expect(await dbA.upstreamGateTicket.count({ where: { model, admittedAt: null, id: { lt: ticketIds[index] } } })).toBe(0);
          expect(await admittedCount(model)).toBeLessThanOrEqual(2);
          await allJoined;
          await sleep(5);
          active -= 1;
          release();
        })(),
      );
    }
    // Until the first two go, every waiter's place is where it joined.
    await vi.waitFor(() => expect(positions.slice(2).every((reported) => reported.length > 0)).toBe(true));
    go();
    await Promise.all(runs);

    expect(most).toBe(2);
    expect(positions.slice(0, 2)).toEqual([[], []]);
    positions.slice(2).forEach((reported, index) => {
      expect(reported[0]).toBe(index + 1);
      expect(reported.every((position, at) => position >= 1 && (at === 0 || position < reported[at - 1]))).toBe(true);
    });
  });

  it("never admits more than `limit` when processes join and release all at once", async () => {
    const model = "crowd";
    const gates = [gate(dbA, "process-a"), gate(dbB, "process-b")];
    let active = 0;
    let most = 0;
    let admitted = 0;
    let letFirstTwoGo!: () => void;
    const firstTwoIn = new Promise<void>((resolve) => (letFirstTwoGo = resolve));
    await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const release = await gates[index % 2].acquire(model);
        active += 1;
        most = Math.max(most, active);
        const order = (admitted += 1);
        if (order === 2) letFirstTwoGo();
        expect(await admittedCount(model)).toBeLessThanOrEqual(2);
        // The first two hold their places until both are in, so the gate is seen full at least once
        // however the machine schedules the rest.
        await (order <= 2 ? firstTwoIn : sleep(index % 3));
        active -= 1;
        release();
      }),
    );
    expect(most).toBe(2);
  });

  it("a release by one process admits another process's waiter within its poll interval", async () => {
    const model = "cross";
    const pollMs = 200;
    const a = gate(dbA, "process-a", { defaultLimit: 1 });
    const b = gate(dbB, "process-b", { defaultLimit: 1, pollMs });
    const release = await a.acquire(model);
    const { slot } = await join(() => b.acquire(model), model);
    expect(await settledWithin(slot, pollMs * 2)).toBe(false);

    const releasedAt = Date.now();
    release();
    const releaseB = await slot;
    expect(Date.now() - releasedAt).toBeLessThan(pollMs + 400);
    releaseB();
  });

  it("a waiter that gives up is rejected with the reason, its ticket is gone and the next waiter moves up", async () => {
    const model = "abort";
    const a = gate(dbA, "process-a", { defaultLimit: 1 });
    const b = gate(dbB, "process-b", { defaultLimit: 1 });
    const release = await a.acquire(model);
    const controller = new AbortController();
    const first = await join(() => b.acquire(model, { signal: controller.signal }), model);
    const positions: number[] = [];
    const second = await join(() => a.acquire(model, { onPosition: (position) => positions.push(position) }), model);
    await vi.waitFor(() => expect(positions).toEqual([2]));

    const reason = new Error("the user cancelled");
    controller.abort(reason);
    await expect(first.slot).rejects.toBe(reason);
    expect(await dbA.upstreamGateTicket.findUnique({ where: { id: first.ticket } })).toBeNull();
    await vi.waitFor(() => expect(positions).toEqual([2, 1]));

    release();
    (await second.slot)();
  });

  it("an acquire whose signal is already aborted is refused without joining the line", async () => {
    const reason = new Error("too late");
    await expect(gate(dbA, "process-a").acquire("aborted", { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(await tickets("aborted")).toEqual([]);
  });

  it("a dead process's tickets do not count against the limit and are deleted", async () => {
    const model = "dead";
    const longAgo = new Date(Date.now() - 60_000);
    await dbA.upstreamGateTicket.createMany({
      data: [
        { model, holderId: DEAD, admittedAt: longAgo, heartbeatAt: longAgo },
        { model, holderId: DEAD, admittedAt: longAgo, heartbeatAt: longAgo },
        { model, holderId: DEAD, heartbeatAt: longAgo },
      ],
    });
    const a = gate(dbA, "process-a");
    const positions: number[] = [];
    const releases = [await a.acquire(model, { onPosition: (position) => positions.push(position) }), await a.acquire(model)];

    expect(positions).toEqual([]);
    expect(await dbA.upstreamGateTicket.count({ where: { holderId: DEAD } })).toBe(0);
    releases.forEach((release) => release());
  });

  it("takes turns by person: A queues 10, then B queues 2 at limit 1; B's first goes after at most one of A's, at the places shown", async () => {
    const model = "fair-share";
    // A's jobs run in one process, B's in another: both must agree on one order.
    const a = gate(dbA, "process-a", { defaultLimit: 1 });
    const b = gate(dbB, "process-b", { defaultLimit: 1 });
    const admitted: string[] = [];
    const shown = new Map<string, number>();
    let go!: () => void;
    const allJoined = new Promise<void>((resolve) => (go = resolve));
    const runs: Promise<void>[] = [];
    const queue = async (person: "A" | "B", count: number, on: typeof a) => {
      for (let index = 1; index <= count; index += 1) {
        const label = `${person}${index}`;
        const { slot } = await join(() => on.acquire(model, { party: { personId: person, teamId: "team" }, onPosition: (position) => shown.set(label, position) }), model);
        runs.push(
          (async () => {
            const release = await slot;
            admitted.push(label);
            await allJoined;
            await sleep(5);
            release();
          })(),
        );
      }
    };
    await queue("A", 10, a);
    await queue("B", 2, b);
    // Every waiter has been told its place since B joined: eleven places, 1 to 11.
    await vi.waitFor(() => expect([...shown.values()].sort((x, y) => x - y)).toEqual(Array.from({ length: 11 }, (_, index) => index + 1)), { timeout: 5_000 });
    const placesShown = new Map(shown);
    go();
    await Promise.all(runs);

    console.info(`admission order: ${admitted.join(" ")}`);
    expect(admitted).toEqual(["A1", "B1", "A2", "B2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10"]);
    expect(admitted.indexOf("B1")).toBeLessThanOrEqual(1);
    // The place each waiter was shown is where it was admitted (A1 never waited).
    expect([...placesShown].sort(([, x], [, y]) => x - y).map(([label]) => label)).toEqual(admitted.slice(1));
  });

  it("a dead process's waiting tickets neither block the line nor count in the places shown", async () => {
    const model = "fair-dead";
    const longAgo = new Date(Date.now() - 60_000);
    const a = gate(dbA, "process-a", { defaultLimit: 1 });
    const release = await a.acquire(model, { party: { personId: "A", teamId: null } });
    // A never-served person's waiting ticket, ahead of A's next by every rule, left by a process that died.
    await dbA.upstreamGateTicket.create({ data: { model, holderId: DEAD, personId: "C", heartbeatAt: longAgo } });
    const positions: number[] = [];
    const waiting = a.acquire(model, { party: { personId: "A", teamId: null }, onPosition: (position) => positions.push(position) });
    await vi.waitFor(() => expect(positions).toEqual([1]));
    expect(await dbA.upstreamGateTicket.count({ where: { holderId: DEAD } })).toBe(0);

    release();
    (await waiting)();
  });

  it("a live process's heartbeat keeps its tickets counting however long its call takes", async () => {
    const model = "heartbeat";
    const a = gate(dbA, "process-a", { defaultLimit: 1, staleAfterMs: 300, heartbeatMs: 50 });
    const b = gate(dbB, "process-b", { defaultLimit: 1, staleAfterMs: 300, heartbeatMs: 50 });
    const release = await a.acquire(model);
    const { slot } = await join(() => b.acquire(model), model);

    expect(await settledWithin(slot, 900)).toBe(false);
    release();
    (await slot)();
  });

  it("a heartbeat skips a ticket an admission has locked instead of waiting for it, so the two cannot deadlock", async () => {
    const model = "locked";
    const longAgo = new Date(Date.now() - 60_000);
    const [locked, free] = await Promise.all([0, 1].map(() => dbA.upstreamGateTicket.create({ data: { model, holderId: "beating", heartbeatAt: longAgo } })));
    let unlock!: () => void;
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    let lockTaken!: () => void;
    const taken = new Promise<void>((resolve) => (lockTaken = resolve));
    // Another process's admission, holding the row it is about to admit.
    const admission = dbB.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "UpstreamGateTicket" WHERE "id" = ${locked.id} FOR UPDATE`;
      lockTaken();
      await unlocked;
    });
    await taken;

    expect(await settledWithin(beatHeartbeats(sqlOn(testDb.pool), "beating"), 500)).toBe(true);
    unlock();
    await admission;
    const beaten = new Map((await tickets(model)).map((row) => [row.id, row.heartbeatAt.getTime()]));
    expect(beaten.get(locked.id)).toBe(longAgo.getTime());
    expect(beaten.get(free.id)).toBeGreaterThan(longAgo.getTime());
    await dbA.upstreamGateTicket.deleteMany({ where: { model } });
  });

  it("a waiter whose ticket went missing joins the line again and is admitted in turn", async () => {
    const model = "rejoin";
    const a = gate(dbA, "process-a", { defaultLimit: 1 });
    const release = await a.acquire(model);
    const waiter = await join(() => a.acquire(model), model);
    await dbA.upstreamGateTicket.delete({ where: { id: waiter.ticket } });

    await vi.waitFor(async () => expect((await tickets(model)).map((row) => row.admittedAt === null)).toEqual([false, true]));
    release();
    (await waiter.slot)();
  });

  it("raising a model's limit admits waiters at once, in every process", async () => {
    const model = "raise";
    const a = gate(dbA, "process-a", { defaultLimit: 1 });
    const b = gate(dbB, "process-b", { defaultLimit: 1 });
    const release = await a.acquire(model);
    const waitingA = await join(() => a.acquire(model), model);
    const waitingB = await join(() => b.acquire(model), model);

    a.setLimit(model, 3);
    const releases = await Promise.all([waitingA.slot, waitingB.slot]);
    expect(await admittedCount(model)).toBe(3);
    [release, ...releases].forEach((releaseSlot) => releaseSlot());
  });

  it("an admission of several tickets at once marks each person and team served at their last turn in it", async () => {
    const model = "several";
    const a = gate(dbA, "process-a", { defaultLimit: 1 });
    const release = await a.acquire(model, { party: { personId: "C", teamId: null } });
    const waiting = [];
    for (const personId of ["A", "A", "B"]) waiting.push(await join(() => a.acquire(model, { party: { personId, teamId: "team" } }), model));

    a.setLimit(model, 4);
    const releases = await Promise.all(waiting.map((waiter) => waiter.slot));
    // C was served first (turn 1); then, by person, A's first, B's, A's second (turns 2, 3, 4).
    const served = await dbA.upstreamGateServed.findMany({ where: { model }, orderBy: [{ party: "asc" }, { partyId: "asc" }] });
    expect(served.map(({ party, partyId, servedSeq }) => [party, partyId, Number(servedSeq)])).toEqual([
      ["person", "A", 4],
      ["person", "B", 3],
      ["person", "C", 1],
      ["team", "team", 4],
    ]);
    [release, ...releases].forEach((releaseSlot) => releaseSlot());
  });

  it("refuses a limit that is not a positive integer", () => {
    expect(() => gate(dbA, "process-a", { defaultLimit: 0 })).toThrow(RangeError);
    expect(() => gate(dbA, "process-a").setLimit("m", 1.5)).toThrow(RangeError);
  });

  it("each model has its own line", async () => {
    const a = gate(dbA, "process-a", { defaultLimit: 1 });
    const positions: number[] = [];
    const releaseX = await a.acquire("model-x");
    const releaseY = await a.acquire("model-y", { onPosition: (position) => positions.push(position) });
    expect(positions).toEqual([]);
    expect(await admittedCount("model-x")).toBe(1);
    expect(await admittedCount("model-y")).toBe(1);
    releaseX();
    releaseY();
  });

  it("releasing twice gives back one slot", async () => {
    const model = "twice";
    const a = gate(dbA, "process-a");
    const release = await a.acquire(model);
    release();
    release();
    await vi.waitFor(async () => expect(await tickets(model)).toEqual([]));

    const held = [await a.acquire(model), await a.acquire(model)];
    const third = await join(() => a.acquire(model), model);
    expect(await settledWithin(third.slot, POLL_MS * 5)).toBe(false);
    held[0]();
    held[0]();
    (await third.slot)();
    expect(await admittedCount(model)).toBeLessThanOrEqual(2);
    held[1]();
  });
});
