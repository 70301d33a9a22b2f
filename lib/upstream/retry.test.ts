import { describe, expect, it, vi } from "vitest";
import { UpstreamError, type UpstreamErrorKind } from "./errors";
import { DEFAULT_RETRY_POLICY, rateLimitDelayMs, withUpstreamRetry, type RetryEvent } from "./retry";

function failing(...kinds: (UpstreamErrorKind | { kind: UpstreamErrorKind; retryAfterSeconds?: number })[]) {
  let call = 0;
  const attempt = vi.fn(async (attemptNumber: number) => {
    const next = kinds[call++];
    if (next === undefined) return `ok after ${attemptNumber}`;
    throw new UpstreamError(typeof next === "string" ? { kind: next } : next);
  });
  return attempt;
}

function harness() {
  const sleeps: number[] = [];
  const events: RetryEvent[] = [];
  return {
    sleeps,
    events,
    options: {
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      onRetry: (event: RetryEvent) => events.push(event),
    },
  };
}

describe("withUpstreamRetry", () => {
  it("retries 429 with exponential backoff and full jitter", async () => {
    const { sleeps, options } = harness();
    const attempt = failing("rate_limited", "rate_limited", "rate_limited");
    await expect(withUpstreamRetry(attempt, options)).resolves.toBe("ok after 4");
    // random 0.5 × ceiling 1000, 2000, 4000
    expect(sleeps).toEqual([500, 1000, 2000]);
  });

  it("honours Retry-After, capped", async () => {
    const { sleeps, options } = harness();
    const attempt = failing({ kind: "rate_limited", retryAfterSeconds: 2 }, { kind: "rate_limited", retryAfterSeconds: 3600 });
    await withUpstreamRetry(attempt, options);
    expect(sleeps).toEqual([2000, DEFAULT_RETRY_POLICY.maxRetryAfterMs]);
  });

  it("gives up on 429 after the bounded number of retries and reports 'busy'", async () => {
    const { options, events } = harness();
    const attempt = failing(...Array(10).fill("rate_limited"));
    const error = await withUpstreamRetry(attempt, { ...options, policy: { rateLimitRetries: 2 } }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.kind).toBe("rate_limited");
    expect(error.userMessage).toMatch(/busy/);
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(events.map((event) => event.attempt)).toEqual([1, 2]);
  });

  it("retries 500 exactly once", async () => {
    const { sleeps, options } = harness();
    await expect(withUpstreamRetry(failing("server"), options)).resolves.toBe("ok after 2");
    expect(sleeps).toEqual([DEFAULT_RETRY_POLICY.serverRetryDelayMs]);

    const twice = failing("server", { kind: "server", retryAfterSeconds: undefined });
    const error = await withUpstreamRetry(twice, options).catch((e) => e);
    expect(error.kind).toBe("server");
    expect(twice).toHaveBeenCalledTimes(2);
  });

  it.each(["bad_request", "auth", "blocked", "timeout", "network", "aborted", "invalid_response"] as const)(
    "does not retry %s",
    async (kind) => {
      const { sleeps, options } = harness();
      const attempt = failing(kind);
      await expect(withUpstreamRetry(attempt, options)).rejects.toMatchObject({ kind });
      expect(attempt).toHaveBeenCalledTimes(1);
      expect(sleeps).toEqual([]);
    },
  );

  it("rethrows errors that are not UpstreamErrors untouched", async () => {
    const bug = new TypeError("bug");
    await expect(withUpstreamRetry(async () => Promise.reject(bug))).rejects.toBe(bug);
  });

  it("stops waiting as soon as the caller aborts, without another attempt", async () => {
    const controller = new AbortController();
    const attempt = failing("rate_limited", "rate_limited");
    const run = withUpstreamRetry(attempt, { signal: controller.signal, random: () => 0.99, policy: { baseDelayMs: 60_000 } });
    await vi.waitFor(() => expect(attempt).toHaveBeenCalledTimes(1));
    controller.abort();
    await expect(run).rejects.toMatchObject({ kind: "aborted" });
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it("does not start a retry when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const { options } = harness();
    const attempt = failing("server");
    await expect(withUpstreamRetry(attempt, { ...options, signal: controller.signal })).rejects.toMatchObject({ kind: "aborted" });
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

describe("rateLimitDelayMs", () => {
  it("grows to the ceiling and scales with random", () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 500 };
    expect([0, 1, 2, 3, 4].map((n) => rateLimitDelayMs(n, undefined, policy, () => 0.999999))).toEqual([99, 199, 399, 499, 499]);
    expect(rateLimitDelayMs(3, undefined, policy, () => 0)).toBe(0);
    expect(rateLimitDelayMs(0, 0, policy, () => 0.5)).toBe(0);
  });
});
