// Waiting in the studio's line for a model (lib/upstream/concurrency-gate) before a generation goes
// to the upstream; the same for every client, so a caller sees its place and its admission alike.
import "server-only";
import type { ConcurrencyGate, LineParty } from "@/lib/upstream/concurrency-gate";
import { UpstreamError } from "@/lib/upstream/errors";

export interface UpstreamCallOptions {
  signal?: AbortSignal;
  /** Whose work the call is, so the line takes turns between people. */
  party?: LineParty;
  /** Place in the studio's line for this model (1 = next); only called while waiting. */
  onQueuePosition?: (position: number) => void;
  /** Called once the studio's line lets the request go to the upstream. */
  onAdmitted?: () => void;
}

/** Runs `run` holding one of `model`'s slots; a call cancelled while waiting is `aborted`. */
export async function throughGate<T>(gate: ConcurrencyGate, model: string, callOptions: UpstreamCallOptions, run: () => Promise<T>): Promise<T> {
  let release: () => void;
  try {
    release = await gate.acquire(model, { signal: callOptions.signal, party: callOptions.party, onPosition: callOptions.onQueuePosition });
  } catch (cause) {
    // Only a cancel is `aborted`: the database gate's own failure (lib/upstream/database-gate) stays
    // what it is, so a database outage is not reported as a cancelled job.
    if (callOptions.signal?.aborted) throw new UpstreamError({ kind: "aborted", cause });
    throw cause;
  }
  try {
    callOptions.onAdmitted?.();
    return await run();
  } finally {
    release();
  }
}
