import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { TOKEN_PREFIX } from "./token-rules";

/** A new secret: the prefix and 32 random bytes. It is shown once and never stored. */
export function newTokenSecret(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/**
 * What the database keeps of a secret. The secret is 256 random bits, so one sha256 is enough (no
 * slow password hash) and looking a token up by its hash leaks nothing a timing could use.
 */
export function tokenHash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
