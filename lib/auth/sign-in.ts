import "server-only";
import { db } from "@/lib/db/client";
import { clear, hit, peek, refund, sweepExpired, type RateLimitRule } from "@/lib/security/rate-limit";
import { verifyPasswordWithEqualWork } from "./password";
import { signInSchema } from "./schemas";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

// Every sign-in limit, in one place. Failed attempts count; a successful sign-in clears its
// account's count and does not add to its address's.
export const SIGN_IN_LIMITS = {
  /** Guesses at one account's password, from anywhere. */
  perAccount: { limit: 5, windowMs: FIFTEEN_MINUTES },
  /** Failures from one address (or IPv6 /64) over all accounts: one password sprayed over many. */
  perAddress: { limit: 20, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateLimitRule>;

export const accountLimitKey = (email: string) => `sign-in:account:${email}`;
const addressLimitKey = (address: string) => `sign-in:address:${address}`;

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string } }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

type Gate = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Checks an email and password, within the sign-in limits. `address` is the client's address key
 * (lib/security/client-ip), when known. Unknown emails and disabled accounts get the same answer as
 * a wrong password, after the same password work.
 */
export async function authenticate(credentials: unknown, address: string | undefined): Promise<SignInResult> {
  const parsed = signInSchema.safeParse(credentials);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const { email, password } = parsed.data;

  const gate = await countAttempt(email, address);
  if (!gate.allowed) return { ok: false, reason: "throttled", retryAfterSeconds: gate.retryAfterSeconds };

  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, name: true, passwordHash: true, disabledAt: true } });
  const usable = user && !user.disabledAt ? user : undefined;
  if (!(await verifyPasswordWithEqualWork(usable?.passwordHash, password)) || !usable) return { ok: false, reason: "invalid" };

  await attemptSucceeded(email, address);
  return { ok: true, user: { id: usable.id, email: usable.email, name: usable.name } };
}

// An attempt is counted as a failure BEFORE the password is checked, so a burst of parallel
// guesses cannot all be checked while the count still reads zero; a right password takes it back.
// The peek first keeps an attempt refused by one limit from adding to the other.
async function countAttempt(email: string, address: string | undefined): Promise<Gate> {
  const keys = limitKeys(email, address);
  const before = await Promise.all(keys.map(([key, rule]) => peek(key, rule)));
  const refused = before.filter((state) => !state.allowed);
  if (refused.length) return { allowed: false, retryAfterSeconds: Math.max(...refused.map((state) => state.retryAfterSeconds)) };
  const after = await Promise.all(keys.map(([key, rule]) => hit(key, rule)));
  const over = after.filter((state) => !state.allowed);
  if (over.length) return { allowed: false, retryAfterSeconds: Math.max(...over.map((state) => state.retryAfterSeconds)) };
  return { allowed: true };
}

async function attemptSucceeded(email: string, address: string | undefined): Promise<void> {
  await Promise.all([clear(accountLimitKey(email)), address ? refund(addressLimitKey(address)) : undefined]);
  // Sign-ins are rare and every failure leaves rows behind: a right password is a good moment to
  // drop windows that have ended.
  await sweepExpired();
}

function limitKeys(email: string, address: string | undefined): [string, RateLimitRule][] {
  const keys: [string, RateLimitRule][] = [[accountLimitKey(email), SIGN_IN_LIMITS.perAccount]];
  if (address) keys.push([addressLimitKey(address), SIGN_IN_LIMITS.perAddress]);
  return keys;
}
