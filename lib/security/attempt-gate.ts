import "server-only";
import { hit, peek, type RateLimitRule } from "./rate-limit";

export type LimitKey = { key: string; rule: RateLimitRule };

export type AttemptGate = { allowed: true; slowed: boolean } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt (sign-in, sign-up) as a failure BEFORE it is tried, so a burst of parallel
 * attempts cannot all run while the counts still read zero; the caller refunds it when it turns out
 * fine. An attempt over a `refusing` limit is refused; one over a `slowing` limit only runs late
 * (`slowed`). The peek first keeps an attempt refused by one limit from adding to the others.
 */
export async function countAttempt(refusing: LimitKey[], slowing: LimitKey[] = []): Promise<AttemptGate> {
  const before = await Promise.all(refusing.map(({ key, rule }) => peek(key, rule)));
  const refusedBefore = before.filter((state) => !state.allowed);
  if (refusedBefore.length) return { allowed: false, retryAfterSeconds: Math.max(...refusedBefore.map((state) => state.retryAfterSeconds)) };
  const [after, slowed] = await Promise.all([
    Promise.all(refusing.map(({ key, rule }) => hit(key, rule))),
    Promise.all(slowing.map(({ key, rule }) => hit(key, rule))),
  ]);
  const over = after.filter((state) => !state.allowed);
  if (over.length) return { allowed: false, retryAfterSeconds: Math.max(...over.map((state) => state.retryAfterSeconds)) };
  return { allowed: true, slowed: slowed.some((state) => !state.allowed) };
}

