import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { db } from "@/lib/db/client";
import { countAttempt, type LimitKey } from "@/lib/security/attempt-gate";
import { clear, refund, type RateLimitRule } from "@/lib/security/rate-limit";
import { verifyPasswordWithEqualWork } from "./password";
import { signInSchema } from "./schemas";
import { isKnownSignInAddress, rememberSignInAddress } from "./sign-in-addresses";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

// Every sign-in limit, in one place. Failed attempts count; a successful sign-in does not.
// Guessing is refused where it comes from (an address, an address at one account), so a stranger's
// wrong passwords cannot lock the owner out; only guessing spread over many addresses reaches the
// account's own ceiling, and past it the owner still gets in from an address they used before.
export const SIGN_IN_LIMITS = {
  /** Failures at one account from one address: that address is refused for that account. */
  perAccountAddress: { limit: 5, windowMs: FIFTEEN_MINUTES },
  /** Failures from one address (or IPv6 /64) over all accounts: one password sprayed over many. */
  perAddress: { limit: 20, windowMs: FIFTEEN_MINUTES },
  /**
   * Failures at one account from anywhere: the ceiling on guessing spread over many addresses. Past
   * it, addresses the account never signed in from are refused and those it did are slowed down.
   */
  perAccount: { limit: 10, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateLimitRule>;

/** How long an attempt from a known address waits while its account is past its ceiling. */
export const PAST_CEILING_DELAY_MS = 2000;

const accountLimitKey = (email: string) => `sign-in:account:${email}`;
const addressLimitKey = (address: string) => `sign-in:address:${address}`;
const accountAddressLimitKey = (email: string, address: string) => `sign-in:account-address:${email}:${address}`;

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string } }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "disabled" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Checks an email and password, within the sign-in limits. `address` is the client's address key
 * (lib/security/client-ip), when known. Unknown emails get the same answer as a wrong password,
 * after the same password work; a disabled account is said to be disabled only to someone who gave
 * its right password.
 */
export async function authenticate(credentials: unknown, address: string | undefined): Promise<SignInResult> {
  const parsed = signInSchema.safeParse(credentials);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const { email, password } = parsed.data;

  const fromKnownAddress = address !== undefined && (await isKnownSignInAddress(email, address));
  const account: LimitKey = { key: accountLimitKey(email), rule: SIGN_IN_LIMITS.perAccount };
  const gate = await countAttempt([...addressLimits(email, address), ...(fromKnownAddress ? [] : [account])], fromKnownAddress ? [account] : []);
  if (!gate.allowed) return { ok: false, reason: "throttled", retryAfterSeconds: gate.retryAfterSeconds };
  if (gate.slowed) await sleep(PAST_CEILING_DELAY_MS);

  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, name: true, passwordHash: true, disabledAt: true } });
  if (!(await verifyPasswordWithEqualWork(user?.passwordHash, password)) || !user) return { ok: false, reason: "invalid" };
  if (user.disabledAt) return { ok: false, reason: "disabled" };

  await attemptSucceeded(user.id, email, address);
  return { ok: true, user: { id: user.id, email: user.email, name: user.name } };
}

function addressLimits(email: string, address: string | undefined): LimitKey[] {
  if (address === undefined) return [];
  return [
    { key: accountAddressLimitKey(email, address), rule: SIGN_IN_LIMITS.perAccountAddress },
    { key: addressLimitKey(address), rule: SIGN_IN_LIMITS.perAddress },
  ];
}

// The account's ceiling is only refunded, not cleared: the owner signing in must not hand a
// distributed guesser a fresh allowance.
async function attemptSucceeded(userId: string, email: string, address: string | undefined): Promise<void> {
  await Promise.all([
    refund(accountLimitKey(email)),
    ...(address === undefined ? [] : [clear(accountAddressLimitKey(email, address)), refund(addressLimitKey(address)), rememberSignInAddress(userId, address)]),
  ]);
}
