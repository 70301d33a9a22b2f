// Fetching a result file, the same for alpha and beta results: both live under {base_url} behind
// temporary, authenticated links (spec 4.1, 4.2 rule 3, 5, 8). The key goes only to a trusted
// origin, a transfer that breaks off is tried again from the start, and an expired link says so.
import "server-only";
import { attemptUpstream } from "@/lib/upstream/attempt";
import { isUpstreamError, UpstreamError, upstreamErrorFromResponse } from "@/lib/upstream/errors";
import { DOWNLOAD_RETRY_POLICY, retryOperation, type RetryEvent, type RetryTuning } from "@/lib/upstream/retry";

const DEFAULT_DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * Streams a result file (only to a trusted origin, with the key) into `consume`. A transfer that
 * breaks off is tried again from the start under the download retry policy; whatever `consume`
 * itself throws (e.g. a refused file) ends the download as it is.
 */
export type DownloadResult = <T>(url: string, options: DownloadOptions<T>) => Promise<T>;

interface DownloadOptions<T> {
  signal?: AbortSignal;
  consume: (body: ReadableStream<Uint8Array>) => Promise<T>;
}

export interface ResultDownloadOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per attempt, until the whole body has been read. */
  timeoutMs?: number;
  /** Origins besides the base URL's that may receive the key. */
  resultOrigins?: readonly string[];
  retry?: RetryTuning;
  onRetry?: (event: RetryEvent & { operation: "download" }) => void;
}

export function createResultDownload(options: ResultDownloadOptions): DownloadResult {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
  const redact = [options.apiKey];
  const trustedOrigins = new Set([new URL(options.baseUrl).origin, ...(options.resultOrigins ?? []).map((origin) => new URL(origin).origin)]);
  const init: RequestInit = { method: "GET", headers: { Authorization: `Bearer ${options.apiKey}` } };

  return async function downloadResult<T>(url: string, callOptions: DownloadOptions<T>): Promise<T> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new UpstreamError({ kind: "bad_request", field: "url", upstreamMessage: "result URL is not a URL" });
    }
    if (!trustedOrigins.has(target.origin)) {
      throw new UpstreamError({ kind: "bad_request", field: "url", upstreamMessage: `result URL origin ${target.origin} is not trusted with the key` });
    }
    const attempt = () =>
      attemptUpstream({
        fetch: fetchImpl,
        url: target.href,
        init,
        timeoutMs,
        signal: callOptions.signal,
        read: (response) => consumeBody(response, callOptions.consume),
        describeRefusal: (response) => describeDownloadRefusal(response, redact),
      });
    try {
      return await retryOperation("download", attempt, { tuning: options.retry, basePolicy: DOWNLOAD_RETRY_POLICY, signal: callOptions.signal, onRetry: options.onRetry });
    } catch (error) {
      throw isConsumerVerdict(error) ? error.verdict : error;
    }
  };
}

/**
 * A result URL past its 12 hours (spec 8) or never issued. A wrong key is a 401 (spec 5), so a
 * 403 here means the link itself is refused, as an expired signed URL would be.
 */
async function describeDownloadRefusal(response: Response, redact: readonly string[]): Promise<UpstreamError> {
  const error = await upstreamErrorFromResponse(response, { redact });
  if (![403, 404, 410].includes(response.status)) return error;
  return new UpstreamError({
    kind: "bad_request",
    status: error.status,
    requestId: error.requestId,
    upstreamMessage: error.upstreamMessage,
    userMessage: "The image is no longer available from the image service: its temporary link has expired.",
  });
}

/**
 * Hands the body to `consume`, telling apart a transfer that broke off (rethrown as is, so the attempt
 * reports it as a network failure and the policy may retry) from the consumer's own verdict (wrapped,
 * so it passes through the attempt and the retry loop unchanged).
 */
async function consumeBody<T>(response: Response, consume: (body: ReadableStream<Uint8Array>) => Promise<T>): Promise<T> {
  if (!response.body) throw new UpstreamError({ kind: "invalid_response", status: response.status, upstreamMessage: "result has no body" });
  const source = response.body.getReader();
  let transferError: unknown;
  let cancelledByConsumer = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await source.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        // A read cut short by the consumer's own cancel (a store that refused the bytes) is its
        // verdict's doing, not a transfer that broke off.
        if (!cancelledByConsumer) transferError = error;
        controller.error(error);
      }
    },
    cancel: (reason) => {
      cancelledByConsumer = true;
      return source.cancel(reason);
    },
  });
  try {
    return await consume(body);
  } catch (error) {
    if (transferError !== undefined) throw transferError;
    throw new ConsumerVerdict(error);
  }
}

/**
 * Carries a consumer's error through the attempt (which turns unknown errors into network ones). It
 * keeps UpstreamError's name, so the attempt and the retry policy pass it on; `verdict` tells it apart.
 */
class ConsumerVerdict extends UpstreamError {
  constructor(readonly verdict: unknown) {
    super({ kind: "invalid_response", upstreamMessage: "the result was refused", cause: verdict });
  }
}

function isConsumerVerdict(error: unknown): error is ConsumerVerdict {
  return isUpstreamError(error) && "verdict" in error;
}
