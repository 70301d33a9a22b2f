// Why authorize() refused a sign-in, as next-auth errors (next-auth hands a server action's signIn()
// the very object thrown). Told apart by fields, never by `instanceof`: next-auth and this module are
// bundled into the server chunks that throw and the ones that catch, a copy each.
import { CredentialsSignin } from "next-auth";
import { hasErrorName } from "@/lib/error-name";

export class InvalidCredentials extends CredentialsSignin {
  override code = "invalid_credentials";
}

/** The right password of a disabled account. */
export const ACCOUNT_DISABLED_CODE = "account_disabled";

export class AccountDisabled extends CredentialsSignin {
  override code = ACCOUNT_DISABLED_CODE;
}

/** Refused by the sign-in limits, with the wait. */
export class SignInThrottled extends CredentialsSignin {
  // Auth.js names its errors after their (minifiable) class: this name is what the guard reads.
  override name = "SignInThrottled";
  override code = "rate_limited";
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

export function isSignInThrottled(error: unknown): error is SignInThrottled {
  return hasErrorName(error, "SignInThrottled");
}

/**
 * An Auth.js error (next-auth's AuthError or a subclass, these included): each carries its class's
 * `type`, a string set from a static property, and a `kind` of "signIn" or "error".
 */
export function isAuthJsError(error: unknown): error is Error & { type: string; kind: "signIn" | "error"; code?: string } {
  if (typeof error !== "object" || error === null) return false;
  const { type, kind } = error as { type?: unknown; kind?: unknown };
  return typeof type === "string" && (kind === "signIn" || kind === "error");
}
