// The one way both video clients send a request (spec 4.4, 4.5): one attempt, a time limit, and every
// failure classified as one of lib/upstream/video/errors' types.
import "server-only";
import { isVideoApiError, isVideoResponseError, videoApiErrorFrom, type VideoService, VideoTransportError } from "./errors";


export interface VideoRequest<T> {
  service: VideoService;
  fetch: typeof fetch;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  /**
   * `answer`: the limit covers the whole exchange, body included (JSON answers are small).
   * `headers`: it covers only the wait for the response headers; the caller's signal governs the body (downloads).
   */
  timeoutCovers: "answer" | "headers";
  /** The caller's cancel: its reason is thrown as is, not as a transport error. */
  signal?: AbortSignal;
  /** Statuses besides 2xx that `read` turns into a result itself (e.g. the 503 health report). */
  readsStatus?: (status: number) => boolean;
  read: (response: Response) => Promise<T>;
}

/** Sends one request (never retried) and reads its answer; every failure comes out as one of the types above. */
export async function requestVideoService<T>(request: VideoRequest<T>): Promise<T> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
  try {
    const response = await request.fetch(request.url, { ...request.init, signal });
    if (!response.ok && !request.readsStatus?.(response.status)) throw await videoApiErrorFrom(response, request.service);
    if (request.timeoutCovers === "headers") clearTimeout(timer);
    return await request.read(response);
  } catch (error) {
    if (isVideoApiError(error) || isVideoResponseError(error)) throw error;
    if (request.signal?.aborted) throw request.signal.reason;
    const what = `${request.init.method ?? "GET"} ${new URL(request.url).pathname}`;
    if (timeout.signal.aborted) {
      throw new VideoTransportError("timeout", `${request.service} did not answer ${what} within ${request.timeoutMs} ms`, { cause: error });
    }
    throw new VideoTransportError("network", `${request.service} could not be reached for ${what}: ${networkDetail(error)}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function networkDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/** A client's sender: its service's requests to paths under `baseUrl`, each limited to `timeoutMs` unless the call says otherwise. */
export function videoSender(service: VideoService, options: { baseUrl: string; fetch?: typeof fetch; timeoutMs: number }) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? fetch;
  return <T>(path: string, request: Pick<VideoRequest<T>, "init" | "read"> & Partial<VideoRequest<T>>) =>
    requestVideoService<T>({ service, fetch: fetchImpl, url: `${baseUrl}${path}`, timeoutMs: options.timeoutMs, timeoutCovers: "answer", ...request });
}
