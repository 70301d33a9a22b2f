import "server-only";
import { settings } from "@/lib/settings";
import { isVideoApiError } from "@/lib/upstream/video/errors";

// When a worker looks at a video job next: often while it runs, less while it waits in
// the agent's queue, and backing off after errors (or as the agent's Retry-After says).

const MAX_BACKOFF_MS = 60_000;

export function nextPollFor(status: "queued" | "running" | "archiving", now = Date.now()): Date {
  const base = settings().VIDEO_POLL_INTERVAL_MS;
  return new Date(now + (status === "queued" ? base * 2 : base));
}

/** After the `failures`-th failure in a row (1 = first): Retry-After when the agent gave one, else doubling from the poll interval. */
export function backoffAfter(failures: number, error: unknown, now = Date.now()): Date {
  if (isVideoApiError(error) && error.retryAfterSeconds !== null) return new Date(now + error.retryAfterSeconds * 1000);
  const base = settings().VIDEO_POLL_INTERVAL_MS;
  return new Date(now + Math.min(MAX_BACKOFF_MS, base * 2 ** Math.min(failures, 10)));
}
