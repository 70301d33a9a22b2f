/** How often a running worker beats its presence row. */
export const WORKER_BEAT_MS = 10_000;
/** A worker unseen this long (three missed beats) counts as gone. */
export const WORKER_GONE_AFTER_MS = 3 * WORKER_BEAT_MS;
