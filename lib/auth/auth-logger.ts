import "server-only";
import type { NextAuthConfig } from "next-auth";
import { log } from "@/lib/log";

/** next-auth's own log lines, as the studio's JSON lines instead of its multi-line console text. */
export const authLogger: NonNullable<NextAuthConfig["logger"]> = {
  error(error) {
    // A refused password is an expected answer (the sign-in limits count it), not a server error.
    const type = (error as Error & { type?: string }).type;
    if (type === "CredentialsSignin") {
      log.info({ event: "sign_in_refused", code: (error as Error & { code?: string }).code }, "sign-in refused");
      return;
    }
    log.error({ err: error, type }, "auth error");
  },
  warn(code) {
    log.warn({ code }, "auth warning");
  },
  debug(message, metadata) {
    log.debug({ metadata }, message);
  },
};
