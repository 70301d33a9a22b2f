import { onlineManager } from "@tanstack/react-query";
import { isApiError } from "@/lib/client/api";

// Whether this tab's session has ended (the studio answered 401: signed out elsewhere, disabled by an
// admin, expired). Browser-only, one per tab. Once it has, nothing in the tab asks the studio again:
// every query is paused as if offline, and the job stream stays closed, until the designer signs in.

let ended = false;
const listeners = new Set<() => void>();

export function isSessionEndedError(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

export function markSessionEnded(): void {
  if (ended) return;
  ended = true;
  // Paused queries neither refetch on their intervals nor retry; the browser's own online events must not resume them.
  onlineManager.setEventListener(() => undefined);
  onlineManager.setOnline(false);
  for (const listener of listeners) listener();
}

export function subscribeToSessionEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasSessionEnded(): boolean {
  return ended;
}
