// Every guard that tells a studio error apart: it must recognise the error however it was made (by
// this module, by another copy of the module as a production build's chunks each hold one, or as a
// plain object carrying the name), and refuse any other error.
import { describe, expect, it, vi } from "vitest";
import { hasErrorName } from "./error-name";

// next-auth's entry needs Next's runtime; its error classes are @auth/core's, which it re-exports.
vi.mock("next-auth", async () => ({ CredentialsSignin: (await import("@auth/core/errors")).CredentialsSignin }));

type Guard = (error: unknown) => boolean;

/** Loads a fresh copy of a module: the same source, but classes that are not the ones already loaded. */
async function anotherCopy<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  return load();
}

const cases: { name: string; load: () => Promise<{ guard: Guard; make: () => Error }> }[] = [
  {
    name: "VideoApiError",
    load: async () => {
      const m = await import("@/lib/upstream/video/errors");
      return {
        guard: m.isVideoApiError,
        make: () => new m.VideoApiError({ service: "video agent", status: 429, code: "queue_full", param: null, requestId: null, retryAfterSeconds: 60, upstreamMessage: null }),
      };
    },
  },
  {
    name: "VideoTransportError",
    load: async () => {
      const m = await import("@/lib/upstream/video/errors");
      return { guard: m.isVideoTransportError, make: () => new m.VideoTransportError("timeout", "no answer") };
    },
  },
  {
    name: "VideoResponseError",
    load: async () => {
      const m = await import("@/lib/upstream/video/errors");
      return { guard: m.isVideoResponseError, make: () => new m.VideoResponseError("video agent", 200, "not JSON") };
    },
  },
  {
    name: "UpstreamError",
    load: async () => {
      const m = await import("@/lib/upstream/errors");
      return { guard: m.isUpstreamError, make: () => new m.UpstreamError({ kind: "rate_limited", status: 429 }) };
    },
  },
  {
    name: "AppError",
    load: async () => {
      const m = await import("@/lib/errors");
      return { guard: m.isAppError, make: () => new m.AppError("not_found", "No such thing.") };
    },
  },
  {
    name: "InvalidEnvironmentError",
    load: async () => {
      const m = await import("@/lib/settings");
      return { guard: m.isInvalidEnvironmentError, make: () => new m.InvalidEnvironmentError("DATABASE_URL: required") };
    },
  },
  {
    name: "ImageDecodeError",
    load: async () => {
      const m = await import("@/lib/assets/thumbnail");
      return { guard: m.isImageDecodeError, make: () => new m.ImageDecodeError(new Error("corrupt")) };
    },
  },
  {
    name: "MediaToolError",
    load: async () => {
      const m = await import("@/lib/media/run-tool");
      return { guard: m.isMediaToolError, make: () => new m.MediaToolError("ffprobe failed", "", "refused") };
    },
  },
  {
    name: "BlobTooLargeError",
    load: async () => {
      const m = await import("@/lib/storage/blob-store");
      return { guard: m.isBlobTooLargeError, make: () => new m.BlobTooLargeError(1024) };
    },
  },
  {
    name: "ApiError",
    load: async () => {
      const m = await import("@/lib/client/api");
      return { guard: m.isApiError, make: () => new m.ApiError(404, { code: "not_found", message: "No such thing." }) };
    },
  },
  {
    name: "SignInThrottled",
    load: async () => {
      const m = await import("@/lib/auth/sign-in-errors");
      return { guard: m.isSignInThrottled, make: () => new m.SignInThrottled(30) };
    },
  },
];

describe.each(cases)("the $name guard", ({ name, load }) => {
  it("recognises the error made by its own module", async () => {
    const { guard, make } = await load();
    expect(guard(make())).toBe(true);
  });

  it("recognises the error made by another copy of the module", async () => {
    const { make } = await anotherCopy(load);
    const { guard } = await anotherCopy(load);
    expect(guard(make())).toBe(true);
  });

  it("recognises a plain object carrying the name", async () => {
    const { guard } = await load();
    expect(guard({ name })).toBe(true);
  });

  it("refuses other errors and non-errors", async () => {
    const { guard } = await load();
    for (const other of [new Error(name), new TypeError("x"), { name: `Not${name}` }, { message: name }, name, null, undefined]) expect(guard(other)).toBe(false);
  });

  it("carries the name on the error itself, so a renamed class keeps it", async () => {
    const { make } = await load();
    expect(Object.getOwnPropertyDescriptor(make(), "name")?.value).toBe(name);
  });
});

describe("the other guards", () => {
  it("hasErrorName reads only an object's name", () => {
    expect(hasErrorName({ name: "AppError" }, "AppError")).toBe(true);
    expect(hasErrorName(Object.assign(() => {}, { displayName: "AppError" }), "AppError")).toBe(false);
    expect(hasErrorName("AppError", "AppError")).toBe(false);
  });

  it("isAuthJsError recognises next-auth's errors, from another copy or as plain objects, and nothing else", async () => {
    const { CredentialsSignin } = await import("@auth/core/errors");
    const { isAuthJsError, AccountDisabled } = await anotherCopy(() => import("@/lib/auth/sign-in-errors"));
    expect(isAuthJsError(new CredentialsSignin())).toBe(true);
    expect(isAuthJsError(new AccountDisabled())).toBe(true);
    expect(isAuthJsError({ type: "CallbackRouteError", kind: "error" })).toBe(true);
    for (const other of [new Error("CredentialsSignin"), { type: "CredentialsSignin" }, { kind: "signIn" }, null]) expect(isAuthJsError(other)).toBe(false);
  });

  it("tells a throttled sign-in from a disabled account", async () => {
    const { AccountDisabled, isSignInThrottled, SignInThrottled, ACCOUNT_DISABLED_CODE } = await import("@/lib/auth/sign-in-errors");
    expect(isSignInThrottled(new AccountDisabled())).toBe(false);
    expect(new AccountDisabled().code).toBe(ACCOUNT_DISABLED_CODE);
    expect(new SignInThrottled(12).retryAfterSeconds).toBe(12);
  });
});
