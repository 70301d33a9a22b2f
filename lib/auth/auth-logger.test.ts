import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "@/lib/log";
import { authLogger } from "./auth-logger";

afterEach(() => vi.restoreAllMocks());

describe("authLogger", () => {
  it("logs a refused password as one structured info line, not a stack", () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    // As next-auth's CredentialsSignin reaches its logger (next-auth itself does not load under Vitest).
    const refused = Object.assign(new Error("Read more at https://errors.authjs.dev#credentialssignin"), { type: "CredentialsSignin", code: "invalid_credentials" });
    authLogger.error!(refused);
    expect(info).toHaveBeenCalledWith({ event: "sign_in_refused", code: "invalid_credentials" }, "sign-in refused");
    expect(error).not.toHaveBeenCalled();
  });

  it("logs any other auth failure as an error with its cause", () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const failure = new Error("JWT could not be decrypted");
    authLogger.error!(failure);
    expect(error).toHaveBeenCalledWith({ err: failure, type: undefined }, "auth error");
  });
});
