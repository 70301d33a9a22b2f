// Retry policy of the alpha endpoints (spec 7.1): 429 "retry with backoff", 500 "retry" (once here,
// then reported with its request_id). Every other failure goes straight to the caller: a 400/401/422
// will not change on retry, and a timed-out or dropped generation may still be running (and billed)
// upstream. A cancelled call is never retried.
// Hand-written rather than p-retry: the budgets differ per error kind and Retry-After replaces the
// computed delay, which p-retry's single retry count and fixed backoff formula don't express.
import { isUpstreamError, UpstreamError } from "@/lib/upstream/errors";

export interface RetryPolicy {
  /** Retries after a 429, on top of the first attempt. */
  rateLimitRetries: number;
  /** First backoff ceiling; doubles per retry (full jitter: the delay is random in [0, ceiling)). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Cap on a server-sent Retry-After, so one answer cannot park a request for minutes. */
  maxRetryAfterMs: number;
  /** Pause before the single retry of a 500. */
  serverRetryDelayMs: number;
  /**
   * Retries after the connection broke or timed out. Zero unless the call is idempotent (a result
   * download): a generation that timed out may still be running, and billed, upstream.
   */
  transferRetries: number;
  /** First pause before a transfer retry; doubles per retry, up to maxDelayMs. */
  transferRetryDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  rateLimitRetries: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 16_000,
  maxRetryAfterMs: 30_000,
  serverRetryDelayMs: 1_000,
  transferRetries: 0,
  transferRetryDelayMs: 250,
};

/** A result download is a GET of a stored file: tried again from the start when it breaks off. */
export const DOWNLOAD_RETRY_POLICY: Partial<RetryPolicy> = { transferRetries: 2 };

/** A 500 is retried exactly once (brief; spec 7.1 "Retry; if persistent, contact support"). */
const SERVER_ERROR_RETRIES = 1;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryEvent {
  /** Number of the attempt that just failed, from 1. */
  attempt: number;
  error: UpstreamError;
  delayMs: number;
}

export interface RetryOptions {
  policy?: Partial<RetryPolicy>;
  signal?: AbortSignal;
  sleep?: Sleep;
  /** Uniform in [0, 1), like Math.random. */
  random?: () => number;
  onRetry?: (event: RetryEvent) => void;
}

/** How a client was built to retry, and its test seams (policy, sleep, random). */
export type RetryTuning = Pick<RetryOptions, "policy" | "sleep" | "random">;

export const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** Delay before rate-limit retry number `retryIndex` (0-based). */
export function rateLimitDelayMs(
  retryIndex: number,
  retryAfterSeconds: number | undefined,
  policy: RetryPolicy,
  random: () => number,
): number {
  if (retryAfterSeconds !== undefined) return Math.min(retryAfterSeconds * 1000, policy.maxRetryAfterMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}

/** Runs `attempt` until it succeeds or the policy gives up; rethrows the last error. */
export async function withUpstreamRetry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.policy };
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  let rateLimitRetries = 0;
  let serverRetries = 0;
  let transferRetries = 0;

  for (let attemptNumber = 1; ; attemptNumber += 1) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      let delayMs: number;
      if (error.kind === "rate_limited" && rateLimitRetries < policy.rateLimitRetries) {
        delayMs = rateLimitDelayMs(rateLimitRetries, error.retryAfterSeconds, policy, random);
        rateLimitRetries += 1;
      } else if (error.kind === "server" && serverRetries < SERVER_ERROR_RETRIES) {
        delayMs = policy.serverRetryDelayMs;
        serverRetries += 1;
      } else if ((error.kind === "network" || error.kind === "timeout" || error.kind === "upstream_unreachable") && transferRetries < policy.transferRetries) {
        delayMs = Math.min(policy.maxDelayMs, policy.transferRetryDelayMs * 2 ** transferRetries);
        transferRetries += 1;
      } else {
        throw error;
      }
      options.onRetry?.({ attempt: attemptNumber, error, delayMs });
      try {
        options.signal?.throwIfAborted();
        await sleep(delayMs, options.signal);
      } catch (cause) {
        throw new UpstreamError({ kind: "aborted", cause });
      }
    }
  }
}

/**
 * One kind of client call (`operation`) under the client's tuning, on top of `basePolicy` (e.g. the
 * download policy). Each retry is told with its kind, so a log can say which call it was.
 */
export function retryOperation<T, Operation extends string>(
  operation: Operation,
  run: () => Promise<T>,
  options: {
    tuning?: RetryTuning;
    basePolicy?: Partial<RetryPolicy>;
    signal?: AbortSignal;
    onRetry?: (event: RetryEvent & { operation: Operation }) => void;
  },
): Promise<T> {
  const { tuning, basePolicy, signal, onRetry } = options;
  return withUpstreamRetry(run, {
    ...tuning,
    policy: { ...basePolicy, ...tuning?.policy },
    signal,
    onRetry: onRetry && ((event) => onRetry({ ...event, operation })),
  });
}
