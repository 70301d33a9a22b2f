import "server-only";

// Hands "work on a queue comes due in N ms" (lib/wakeups/channel) to that queue's waker in this
// worker (lib/engine/delayed-work), and, when the listener connects again, has every waker look for
// work sent while nobody heard. The hooks are on globalThis, like the rest of the process's wake-ups
// (lib/wakeups/process-wakeups).
export type DelayedWorkWake = { dueIn(ms: number): void; heardNothingSince(): void };
const holder = globalThis as typeof globalThis & { studioDelayedWorkWakes?: Map<string, DelayedWorkWake> };

function wakes(): Map<string, DelayedWorkWake> {
  holder.studioDelayedWorkWakes ??= new Map();
  return holder.studioDelayedWorkWakes;
}

/** A notification's payload, "<queue> <ms>"; one that does not parse is ignored. */
export function wakeForDelayedWork(payload: string): void {
  const [queueName, ms] = payload.split(" ");
  const inMs = Number(ms);
  if (queueName && Number.isFinite(inMs)) wakes().get(queueName)?.dueIn(inMs);
}

/** After the listener (re)connects: what was announced meanwhile went unheard. */
export function wakeEveryDelayedWork(): void {
  for (const wake of wakes().values()) wake.heardNothingSince();
}

/** Registers what wakes `queueName`'s runners for delayed work; `undefined` when the process stops working it. */
export function onDelayedWorkWake(queueName: string, wake: DelayedWorkWake | undefined): void {
  if (wake) wakes().set(queueName, wake);
  else wakes().delete(queueName);
}
