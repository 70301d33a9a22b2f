import "server-only";
import { hash, verify } from "@node-rs/argon2";

// argon2id with the library's defaults (OWASP-recommended memory and time cost).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A hash of a password nobody uses, made by hashPassword (same algorithm and cost, checked by a
// test). Checking a password against it when there is no usable account costs the same as checking
// a real one, so the answer time does not tell which emails have accounts.
export const DUMMY_PASSWORD_HASH = "$argon2id$v=19$m=19456,t=2,p=1$DxhF/f8J/hFgFHsTZ/caow$DMdAHkF36+Jrnud2cJGUntMyorsA0dAYt9PlsmxdQ44";

/** Checks `password` against the account's hash, or does the same work for nothing when there is no account. */
export async function verifyPasswordWithEqualWork(passwordHash: string | undefined, password: string): Promise<boolean> {
  const matches = await verifyPassword(passwordHash ?? DUMMY_PASSWORD_HASH, password);
  return passwordHash !== undefined && matches;
}
