// Studio-wide limit of simultaneous calls per upstream model. The alpha endpoints answer 429 once a
// concurrency limit is passed (spec 7.1, 8; its value is not shown), so the studio queues its own
// users instead of letting them race into 429s, and tells each waiting request its place in line.
// This file holds the gate's contract and a first-come first-served line kept in one process's
// memory, for tests of the clients; lib/upstream/database-gate keeps the studio's line in the
// database for several processes, taking turns between people (lib/upstream/fair-order), and
// lib/upstream/shared-gate makes it this process's gate.
import "server-only";

/** Whose work a call is: the person, and the team active when the work started. */
export interface LineParty {
  personId: string;
  teamId: string | null;
}

export interface AcquireOptions {
  signal?: AbortSignal;
  /** The database gate takes turns between parties (lib/upstream/fair-order); without one, the call is nobody's. */
  party?: LineParty;
  /** Place in line (1 = next), reported on joining the line and whenever it changes; not called when a slot is free at once. */
  onPosition?: (position: number) => void;
}

/** Gives the slot back; calling it again does nothing. */
export type ReleaseSlot = () => void;

export interface GateSnapshot {
  limit: number;
  active: number;
  waiting: number;
}

export interface ConcurrencyGate {
  /** Resolves with the slot's release function once a slot is free; rejects with `signal.reason` if aborted while waiting. */
  acquire(model: string, options?: AcquireOptions): Promise<ReleaseSlot>;
  /** Changes one model's limit; raising it admits waiting requests at once. */
  setLimit(model: string, limit: number): void;
}

/** The gate held in this process's memory (lib/upstream/shared-gate says when that is the whole truth). */
export interface MemoryConcurrencyGate extends ConcurrencyGate {
  snapshot(model: string): GateSnapshot;
}

export interface ConcurrencyGateOptions {
  /** Limit for models without their own entry in `limits`. */
  defaultLimit: number;
  limits?: Record<string, number>;
}

interface Waiter {
  admit: (release: ReleaseSlot) => void;
  onPosition?: (position: number) => void;
  lastReportedPosition?: number;
}

interface Lane {
  limit: number;
  active: number;
  queue: Waiter[];
}

export function assertValidLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Concurrency limit must be a positive integer, got ${limit}`);
}

export function createConcurrencyGate(options: ConcurrencyGateOptions): MemoryConcurrencyGate {
  assertValidLimit(options.defaultLimit);
  const lanes = new Map<string, Lane>();

  function laneOf(model: string): Lane {
    let lane = lanes.get(model);
    if (!lane) {
      const limit = options.limits?.[model] ?? options.defaultLimit;
      assertValidLimit(limit);
      lane = { limit, active: 0, queue: [] };
      lanes.set(model, lane);
    }
    return lane;
  }

  function reportPositions(lane: Lane): void {
    lane.queue.forEach((waiter, index) => {
      const position = index + 1;
      if (waiter.lastReportedPosition === position) return;
      waiter.lastReportedPosition = position;
      waiter.onPosition?.(position);
    });
  }

  function slotRelease(lane: Lane): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      lane.active -= 1;
      admitWaiting(lane);
    };
  }

  function admitWaiting(lane: Lane): void {
    let admitted = false;
    while (lane.active < lane.limit && lane.queue.length > 0) {
      const next = lane.queue.shift()!;
      lane.active += 1;
      next.admit(slotRelease(lane));
      admitted = true;
    }
    if (admitted) reportPositions(lane);
  }

  return {
    acquire(model, { signal, onPosition } = {}) {
      const lane = laneOf(model);
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (lane.active < lane.limit && lane.queue.length === 0) {
        lane.active += 1;
        return Promise.resolve(slotRelease(lane));
      }
      return new Promise<ReleaseSlot>((resolve, reject) => {
        const onAbort = () => {
          const index = lane.queue.indexOf(waiter);
          if (index === -1) return;
          lane.queue.splice(index, 1);
          reportPositions(lane);
          reject(signal?.reason);
        };
        const waiter: Waiter = {
          onPosition,
          admit: (release) => {
            signal?.removeEventListener("abort", onAbort);
            resolve(release);
          },
        };
        lane.queue.push(waiter);
        signal?.addEventListener("abort", onAbort, { once: true });
        reportPositions(lane);
      });
    },

    setLimit(model, limit) {
      assertValidLimit(limit);
      const lane = laneOf(model);
      lane.limit = limit;
      admitWaiting(lane);
    },

    snapshot(model) {
      const lane = laneOf(model);
      return { limit: lane.limit, active: lane.active, waiting: lane.queue.length };
    },
  };
}
