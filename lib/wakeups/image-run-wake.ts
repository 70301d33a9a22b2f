import "server-only";

// Hands "an image run was sent" (lib/wakeups/channel) to the worker's image queue, which wakes one
// idle runner for it (lib/engine/idle-runners); and, when the listener connects again, has it look
// for runs sent while nobody heard. The hook is on globalThis, like the rest of the process's
// wake-ups (lib/wakeups/process-wakeups).
type ImageRunWake = { sent(): void; heardNothingSince(): void };
const holder = globalThis as typeof globalThis & { studioImageRunWake?: ImageRunWake };

export function wakeImageRunner(): void {
  holder.studioImageRunWake?.sent();
}

/** After the listener (re)connects: what was announced meanwhile went unheard. */
export function wakeEveryImageRunner(): void {
  holder.studioImageRunWake?.heardNothingSince();
}

/** Registers what wakes the image queue's runners; `undefined` when the process stops running jobs. */
export function onImageRunWake(wake: ImageRunWake | undefined): void {
  holder.studioImageRunWake = wake;
}
