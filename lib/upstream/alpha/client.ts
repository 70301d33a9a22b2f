// The alpha image endpoints (spec 4.1, 4.2) behind the studio's key (spec 5). Every call passes the
// studio-wide concurrency gate, retries per lib/upstream/retry, has an explicit timeout per attempt,
// and fails only with UpstreamError. The key is sent in the Authorization header and nowhere else;
// upstream text that echoes it is redacted before it reaches an error.
import "server-only";
import { sharedConcurrencyGate, type ConcurrencyGate } from "@/lib/upstream/concurrency-gate";
import { UpstreamError, upstreamErrorFromResponse } from "@/lib/upstream/errors";
import { DOWNLOAD_RETRY_POLICY, withUpstreamRetry, type RetryEvent, type RetryOptions } from "@/lib/upstream/retry";
import { readFinalFrame } from "@/lib/upstream/sse";
import { interpretV35FinalFrame, type AlphaV35Result } from "@/lib/upstream/alpha/v35-result";
import {
  ALPHA_V3_MODEL,
  ALPHA_V3_PATH,
  alphaV3RequestSchema,
  alphaV3ResponseSchema,
  type AlphaV3Params,
  type AlphaV3Response,
} from "@/lib/upstream/alpha/wire-v3";
import {
  ALPHA_V35_MODEL,
  ALPHA_V35_PATH,
  alphaV35FrameSchema,
  alphaV35RequestSchema,
  serializeAlphaV35Request,
  type AlphaV35Frame,
  type AlphaV35Params,
} from "@/lib/upstream/alpha/wire-v35";

export const DEFAULT_GENERATION_TIMEOUT_MS = 180_000;
export const DEFAULT_DOWNLOAD_TIMEOUT_MS = 120_000;

export interface AlphaClientOptions {
  /** {base_url} of spec 4 (no trailing path). */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per attempt of a generation, from sending the request to the last byte of the answer. */
  timeoutMs?: number;
  /** Per attempt of a result download, until the whole body has been read. */
  downloadTimeoutMs?: number;
  /** Defaults to the process-wide gate (lib/upstream/concurrency-gate). */
  gate?: ConcurrencyGate;
  /** Retry tuning and test seams (policy, sleep, random). */
  retry?: Pick<RetryOptions, "policy" | "sleep" | "random">;
  /** Told before each retry, e.g. to log it; the event holds no key. */
  onRetry?: (event: RetryEvent & { operation: "v3" | "v35" | "download" }) => void;
  /**
   * Origins besides the base URL's that may receive the key when downloading a result. The key
   * is never sent to any other origin, whatever URL a stored record holds.
   */
  resultOrigins?: readonly string[];
}

export interface AlphaCallOptions {
  signal?: AbortSignal;
  /** Place in the studio's line for this model (1 = next); only called while waiting. */
  onQueuePosition?: (position: number) => void;
  /** Called once the studio's line lets the request go to the upstream. */
  onAdmitted?: () => void;
}

export interface AlphaV35CallOptions extends AlphaCallOptions {
  /** Every frame that parses, as it arrives (streamed answers send several; JSON answers one). */
  onFrame?: (frame: AlphaV35Frame, index: number) => void;
}

export interface AlphaV3Result {
  images: Array<{ url: string; revisedPrompt?: string }>;
  requestId?: string;
  totalTokens?: number;
  /** The whole parsed answer, extra fields included, for storage. */
  response: AlphaV3Response;
}

export interface AlphaClient {
  generateV3(params: AlphaV3Params, options?: AlphaCallOptions): Promise<AlphaV3Result>;
  /** A failed final frame (e.g. `content_filter`) resolves as `{ ok: false }`; HTTP failures reject. */
  generateV35(params: AlphaV35Params, options?: AlphaV35CallOptions): Promise<AlphaV35Result>;
  /** GET of a result URL with the key (spec 4.1, 4.2 rule 3). Resolves once headers arrive; the body is a stream. */
  /**
   * Streams a result file (only to a trusted origin, with the key) into `consume`. A transfer that
   * breaks off is tried again from the start under the download retry policy; whatever `consume`
   * itself throws (e.g. a refused file) ends the download as it is.
   */
  downloadResult<T>(url: string, options: { signal?: AbortSignal; consume: (body: ReadableStream<Uint8Array>) => Promise<T> }): Promise<T>;
}

/** `["messages", 0, "content"]` → `messages[0].content`, the way the upstream names fields. */
function fieldPath(path: PropertyKey[]): string {
  return path.map((key, index) => (typeof key === "number" ? `[${key}]` : `${index ? "." : ""}${String(key)}`)).join("");
}

/** A rejected request body is our bug or a bad form value; it never reaches the upstream. */
function invalidParams(issues: { path: PropertyKey[]; message: string }[]): UpstreamError {
  return new UpstreamError({
    kind: "bad_request",
    field: issues[0] && fieldPath(issues[0].path),
    upstreamMessage: `request not sent: ${issues.map((issue) => `${fieldPath(issue.path)}: ${issue.message}`).join("; ")}`,
  });
}

export function createAlphaClient(options: AlphaClientOptions): AlphaClient {
  if (!options.apiKey) throw new Error("createAlphaClient: apiKey is empty");
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_GENERATION_TIMEOUT_MS;
  const downloadTimeoutMs = options.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
  const gate = options.gate ?? sharedConcurrencyGate();
  const redact = [options.apiKey];
  const trustedOrigins = new Set([new URL(baseUrl).origin, ...(options.resultOrigins ?? []).map((origin) => new URL(origin).origin)]);
  const authorization = `Bearer ${options.apiKey}`;

  /**
   * One attempt: fetch and `read` the answer under a timeout joined with the caller's signal.
   * Whatever goes wrong comes out as an UpstreamError of the right kind.
   */
  async function attempt<T>(
    url: string,
    init: RequestInit,
    limitMs: number,
    callerSignal: AbortSignal | undefined,
    read: (response: Response) => Promise<T>,
    describeRefusal: (response: Response) => Promise<UpstreamError> = (response) => upstreamErrorFromResponse(response, { redact }),
  ): Promise<T> {
    const timeoutSignal = AbortSignal.timeout(limitMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal;
    try {
      const response = await fetchImpl(url, { ...init, signal });
      if (!response.ok) throw await describeRefusal(response);
      return await read(response);
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      if (callerSignal?.aborted) throw new UpstreamError({ kind: "aborted", cause: error });
      if (timeoutSignal.aborted) throw new UpstreamError({ kind: "timeout", timeoutMs: limitMs, cause: error });
      throw new UpstreamError({ kind: "network", upstreamMessage: networkDetail(error), cause: error });
    }
  }

  function retrying<T>(operation: "v3" | "v35" | "download", signal: AbortSignal | undefined, run: () => Promise<T>) {
    return withUpstreamRetry(run, {
      ...options.retry,
      policy: operation === "download" ? { ...DOWNLOAD_RETRY_POLICY, ...options.retry?.policy } : options.retry?.policy,
      signal,
      onRetry: options.onRetry && ((event) => options.onRetry?.({ ...event, operation })),
    });
  }

  async function throughGate<T>(model: string, callOptions: AlphaCallOptions, run: () => Promise<T>): Promise<T> {
    let release: () => void;
    try {
      release = await gate.acquire(model, { signal: callOptions.signal, onPosition: callOptions.onQueuePosition });
    } catch (cause) {
      throw new UpstreamError({ kind: "aborted", cause });
    }
    try {
      callOptions.onAdmitted?.();
      return await run();
    } finally {
      release();
    }
  }

  /**
   * A result URL past its 12 hours (spec 8) or never issued. A wrong key is a 401 (spec 5), so a
   * 403 here means the link itself is refused, as an expired signed URL would be.
   */
  async function describeDownloadRefusal(response: Response): Promise<UpstreamError> {
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

  function postInit(body: string): RequestInit {
    return {
      method: "POST",
      headers: {
        Authorization: authorization,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body,
    };
  }

  return {
    async generateV3(params, callOptions = {}) {
      const parsed = alphaV3RequestSchema.safeParse({ model: ALPHA_V3_MODEL, ...params });
      if (!parsed.success) throw invalidParams(parsed.error.issues);
      const init = postInit(JSON.stringify(parsed.data));
      return throughGate(ALPHA_V3_MODEL, callOptions, () =>
        retrying("v3", callOptions.signal, () =>
          attempt(`${baseUrl}${ALPHA_V3_PATH}`, init, timeoutMs, callOptions.signal, async (response) => {
            const body = await readJson(response);
            const result = alphaV3ResponseSchema.safeParse(body);
            if (!result.success) throw unreadable(response, body, result.error.message);
            const data = result.data;
            return {
              images: data.data.map((item) => ({ url: item.url, revisedPrompt: item.revised_prompt ?? undefined })),
              requestId: data.request_id ?? undefined,
              totalTokens: data.gateway_usage?.total_tokens ?? undefined,
              response: data,
            };
          }),
        ),
      );
    },

    async generateV35(params, callOptions = {}) {
      const parsed = alphaV35RequestSchema.safeParse({ model: ALPHA_V35_MODEL, ...params });
      if (!parsed.success) throw invalidParams(parsed.error.issues);
      const init = postInit(serializeAlphaV35Request(parsed.data));
      const onFrame = callOptions.onFrame;
      return throughGate(ALPHA_V35_MODEL, callOptions, () =>
        retrying("v35", callOptions.signal, () =>
          attempt(`${baseUrl}${ALPHA_V35_PATH}`, init, timeoutMs, callOptions.signal, async (response) => {
            const last = await readFinalFrame(response, {
              onFrame:
                onFrame &&
                ((raw, index) => {
                  const frame = alphaV35FrameSchema.safeParse(raw);
                  if (frame.success) onFrame(frame.data, index);
                }),
            });
            const frame = alphaV35FrameSchema.safeParse(last);
            if (!frame.success) throw unreadable(response, last, frame.error.message);
            return interpretV35FinalFrame(frame.data);
          }),
        ),
      );
    },

    async downloadResult(url, callOptions) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        throw new UpstreamError({ kind: "bad_request", field: "url", upstreamMessage: "result URL is not a URL" });
      }
      if (!trustedOrigins.has(target.origin)) {
        throw new UpstreamError({ kind: "bad_request", field: "url", upstreamMessage: `result URL origin ${target.origin} is not trusted with the key` });
      }
      const init: RequestInit = { method: "GET", headers: { Authorization: authorization } };
      try {
        return await retrying("download", callOptions.signal, () =>
          attempt(target.href, init, downloadTimeoutMs, callOptions.signal, (response) => consumeBody(response, callOptions.consume), describeDownloadRefusal),
        );
      } catch (error) {
        throw error instanceof ConsumerVerdict ? error.verdict : error;
      }
    },
  };
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
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await source.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        transferError = error;
        controller.error(error);
      }
    },
    cancel: (reason) => source.cancel(reason),
  });
  try {
    return await consume(body);
  } catch (error) {
    if (transferError !== undefined) throw transferError;
    throw new ConsumerVerdict(error);
  }
}

/** Carries a consumer's error through the attempt (which turns unknown errors into network ones). */
class ConsumerVerdict extends UpstreamError {
  constructor(readonly verdict: unknown) {
    super({ kind: "invalid_response", upstreamMessage: "the result was refused", cause: verdict });
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw unreadable(response, undefined, `body is not JSON: ${text.slice(0, 200)}`);
  }
}

function unreadable(response: Response, body: unknown, detail: string): UpstreamError {
  const requestId =
    typeof body === "object" && body !== null && typeof (body as { request_id?: unknown }).request_id === "string"
      ? (body as { request_id: string }).request_id
      : (response.headers.get("x-request-id") ?? undefined);
  return new UpstreamError({ kind: "invalid_response", status: response.status, requestId, upstreamMessage: detail.slice(0, 500) });
}

function networkDetail(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
