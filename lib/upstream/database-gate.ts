// The studio-wide line per upstream model kept in the database, for several studio processes on one
// PostgreSQL (no truth only in one process's memory; spec 7.1, 8). Each place in line is a ticket
// row (lib/upstream/gate-tickets) carrying whose work it is; admission counts every process's
// admitted tickets, so the processes together never call a model more than `limit` times at once,
// and admits waiting tickets round-robin by person (lib/upstream/fair-order). A process learns at
// once of admissions it makes itself (on joining, releasing, giving up, raising a limit), and of
// those another process made by polling while it has requests waiting. A process that dies leaves
// tickets whose heartbeat stops; they stop counting once stale.
import "server-only";
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { sqlOn, type Sql } from "@/lib/db/sql";
import { untilDatabaseAnswers } from "@/lib/db/until-database-answers";
import { log } from "@/lib/log";
import { assertValidLimit, type ConcurrencyGate, type LineParty, type ReleaseSlot } from "./concurrency-gate";
import { admitAfter, beatHeartbeats, deleteTicket, insertTicket, placesOf, type TicketId } from "./gate-tickets";

const DEFAULT_POLL_MS = 250;
const DEFAULT_HEARTBEAT_MS = 5_000;
const DEFAULT_STALE_AFTER_MS = 30_000;

export interface DatabaseGateOptions {
  /** The process's database pool, looked up at each use as `db` is (lib/db/client sqlPool). */
  pool: () => pg.Pool;
  /** Limit for models until `setLimit` gives them their own. */
  defaultLimit: number;
  /** This process's name on its tickets; random by default. */
  holderId?: string;
  /** How often waiting requests look whether another process admitted them. */
  pollMs?: number;
  heartbeatMs?: number;
  /** A ticket whose heartbeat is older belongs to a process that died. */
  staleAfterMs?: number;
}

interface Waiter {
  ticket: TicketId;
  model: string;
  party?: LineParty;
  onPosition?: (position: number) => void;
  lastPosition?: number;
  admit: () => void;
}

export function createDatabaseGate(options: DatabaseGateOptions): ConcurrencyGate {
  assertValidLimit(options.defaultLimit);
  const { pool } = options;
  const sql: Sql = { rows: (statement) => sqlOn(pool()).rows(statement) };
  const holderId = options.holderId ?? randomUUID();
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const limits = new Map<string, number>();
  /** Every ticket of this process, waiting or admitted: the ones its heartbeat keeps alive. */
  const held = new Set<TicketId>();
  const waiters = new Map<TicketId, Waiter>();
  let heartbeat: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let polling = false;
  let pollAgain = false;

  const limitOf = (model: string) => limits.get(model) ?? options.defaultLimit;

  /** Work nobody awaits (releases, polls, heartbeats): a failure is logged; the promise returned never rejects. */
  function inBackground(work: Promise<unknown>, what: string): Promise<void> {
    return work.then(
      () => undefined,
      (error: unknown) => log.warn({ err: error, holderId }, `upstream gate: ${what} failed`),
    );
  }

  function hold(ticket: TicketId): void {
    held.add(ticket);
    heartbeat ??= setInterval(() => void inBackground(beatHeartbeats(sql, holderId), "heartbeat"), heartbeatMs).unref();
  }

  function forget(ticket: TicketId): void {
    held.delete(ticket);
    if (held.size > 0 || !heartbeat) return;
    clearInterval(heartbeat);
    heartbeat = undefined;
  }

  /** Applies `change` to the model's line and runs its admission (one transaction); lets this process's waiters it admitted go. */
  async function changeLine<T>(model: string, change: (tx: Sql) => Promise<T>): Promise<{ changed: T; admitted: TicketId[] }> {
    const result = await admitAfter(pool(), { model, limit: limitOf(model), staleAfterMs }, change);
    for (const ticket of result.admitted) {
      const waiter = waiters.get(ticket);
      if (!waiter) continue;
      waiters.delete(ticket);
      waiter.admit();
    }
    return result;
  }

  const admit = (model: string) => changeLine(model, async () => undefined);

  /** Gives up a ticket, admitted or waiting, and lets the next in line go. */
  async function leave(model: string, ticket: TicketId): Promise<void> {
    // Forgotten first: a ticket whose delete fails then goes stale instead of being kept alive.
    forget(ticket);
    // Tried again through a database restart: the place is free within a second of its return,
    // not once the ticket has gone stale.
    await untilDatabaseAnswers("an upstream place's release", () => changeLine(model, (tx) => deleteTicket(tx, ticket)));
    wake();
  }

  function releaseOf(model: string, ticket: TicketId): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      void inBackground(leave(model, ticket), "release");
    };
  }

  /** A waiter whose ticket went stale and was deleted (this process stalled past staleAfterMs) joins again at the end. */
  async function rejoin(waiter: Waiter): Promise<void> {
    const ticket = await insertTicket(sql, waiter.model, holderId, waiter.party);
    if (waiters.get(waiter.ticket) !== waiter) {
      await deleteTicket(sql, ticket);
      return;
    }
    waiters.delete(waiter.ticket);
    forget(waiter.ticket);
    waiter.ticket = ticket;
    waiters.set(ticket, waiter);
    hold(ticket);
  }

  /** One query for all of this process's waiting tickets: admitted meanwhile? new place in line? */
  async function poll(): Promise<void> {
    const waiting = [...waiters.values()];
    const places = new Map((await placesOf(sql, holderId, staleAfterMs)).map((place) => [place.ticket, place]));
    // Models where a waiter of ours would fit in a free slot nobody admitted it to: the slot's
    // holder died, or the admission that would have filled it failed.
    const unfilled = new Set<string>();
    for (const waiter of waiting) {
      if (waiters.get(waiter.ticket) !== waiter) continue;
      const place = places.get(waiter.ticket);
      if (!place) {
        await rejoin(waiter);
        unfilled.add(waiter.model);
      } else if (place.admitted) {
        waiters.delete(waiter.ticket);
        waiter.admit();
      } else {
        if (waiter.lastPosition !== place.position) {
          waiter.lastPosition = place.position;
          waiter.onPosition?.(place.position);
        }
        if (place.position <= limitOf(waiter.model) - place.busy) unfilled.add(waiter.model);
      }
    }
    for (const model of unfilled) await admit(model);
  }

  /** Polls now (once at a time), then every pollMs while anyone of this process waits. */
  function wake(): void {
    clearTimeout(pollTimer);
    pollTimer = undefined;
    if (waiters.size === 0) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = true;
    void inBackground(
      poll().finally(() => {
        polling = false;
        if (pollAgain) {
          pollAgain = false;
          wake();
        } else if (waiters.size > 0) {
          pollTimer = setTimeout(wake, pollMs).unref();
        }
      }),
      "poll",
    );
  }

  return {
    async acquire(model, { signal, party, onPosition } = {}) {
      signal?.throwIfAborted();
      const { changed: ticket, admitted } = await changeLine(model, (tx) => insertTicket(tx, model, holderId, party));
      hold(ticket);
      if (admitted.includes(ticket)) return releaseOf(model, ticket);
      return new Promise<ReleaseSlot>((resolve, reject) => {
        const waiter: Waiter = {
          ticket,
          model,
          party,
          onPosition,
          admit: () => {
            signal?.removeEventListener("abort", onAbort);
            resolve(releaseOf(model, waiter.ticket));
          },
        };
        // Given up while waiting: the ticket goes (if another process admitted it meanwhile, its
        // slot is handed on like a release) before the caller hears of it.
        const onAbort = () => {
          if (waiters.get(waiter.ticket) !== waiter) return;
          waiters.delete(waiter.ticket);
          void inBackground(leave(model, waiter.ticket), "leaving the line").then(() => reject(signal?.reason));
        };
        waiters.set(ticket, waiter);
        if (signal?.aborted) onAbort();
        else signal?.addEventListener("abort", onAbort, { once: true });
        wake();
      });
    },

    setLimit(model, limit) {
      assertValidLimit(limit);
      const raised = limit > limitOf(model);
      limits.set(model, limit);
      if (raised) void inBackground(admit(model).then(() => wake()), "admission after raising the limit");
    },
  };
}
