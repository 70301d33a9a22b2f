import "server-only";
import { AppError } from "@/lib/errors";
import { countAttempt, type LimitKey } from "@/lib/security/attempt-gate";
import { refund, type RateLimitRule } from "@/lib/security/rate-limit";
import { createAccount } from "./create-account";
import { tooManySignUpAttempts } from "./messages";
import { verifyPasswordWithEqualWork } from "./password";
import type { SignUpInput } from "./schemas";

/** Refused sign-ups from one address (or IPv6 /64); an account created does not count. */
export const SIGN_UP_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const satisfies RateLimitRule;

/**
 * Creates an account within the sign-up limit, like sign-in's (lib/auth/sign-in): refused attempts
 * from `address` (lib/security/client-ip) count, so the form cannot be used to try email after email.
 */
export async function signUp(input: SignUpInput, invite: string | undefined, address: string | undefined) {
  const limits: LimitKey[] = address === undefined ? [] : [{ key: `sign-up:address:${address}`, rule: SIGN_UP_LIMIT }];
  const gate = await countAttempt(limits);
  if (!gate.allowed) {
    const seconds = gate.retryAfterSeconds;
    throw new AppError("rate_limited", tooManySignUpAttempts(seconds), [], { "Retry-After": String(seconds) });
  }
  try {
    const user = await createAccount(input, invite);
    await Promise.all(limits.map(({ key }) => refund(key)));
    return user;
  } catch (error) {
    // A new account is followed by a sign-in that checks its password; an email that already has an
    // account does the same work, so the time taken does not tell the two apart either.
    if ((error as { code?: unknown } | null)?.code === "conflict") await verifyPasswordWithEqualWork(undefined, input.password);
    throw error;
  }
}
