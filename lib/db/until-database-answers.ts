import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { log } from "@/lib/log";
import { isDatabaseUnavailable } from "./database-unavailable";

/** How long a write waits for the database to come back: a restart takes seconds, a failover under a minute. */
export const DATABASE_WAIT_LIMIT_MS = 120_000;
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 5_000;

/**
 * Runs `write` again while the database is unreachable (a restart, a failover), up to
 * DATABASE_WAIT_LIMIT_MS, so work that is already done is recorded once it is back rather than
 * dropped. `write` must be safe to repeat: it may have been applied by an attempt whose answer was
 * lost. Any other error is thrown at once.
 */
export async function untilDatabaseAnswers<T>(what: string, write: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + DATABASE_WAIT_LIMIT_MS;
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + delay > giveUpAt) throw error;
      log.warn({ what, retryInMs: delay }, "the database is unreachable; trying again");
      await sleep(delay);
    }
  }
}
