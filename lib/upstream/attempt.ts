// One HTTP attempt at the upstream, shared by every client call (generations and result downloads),
// so that a failure is classified the same way whichever endpoint it came from.
import "server-only";
import { isUpstreamError, UpstreamError } from "@/lib/upstream/errors";
import { connectionFailureCode } from "@/lib/upstream/reachability/connection-failure";

export interface UpstreamAttempt<T> {
  fetch: typeof fetch;
  url: string;
  init: RequestInit;
  /** From sending the request to the end of `read`. */
  timeoutMs: number;
  signal?: AbortSignal;
  read: (response: Response) => Promise<T>;
  /** Turns an answer that is not 2xx into the error to throw. */
  describeRefusal: (response: Response) => Promise<UpstreamError>;
}

/**
 * Fetches and `read`s the answer under a timeout joined with the caller's signal. Whatever goes
 * wrong comes out as an UpstreamError of the right kind: a cancel is `aborted`, the limit `timeout`,
 * a connection never made `upstream_unreachable`,
 * anything else that is not already an UpstreamError `network`.
 */
export async function attemptUpstream<T>(attempt: UpstreamAttempt<T>): Promise<T> {
  const timeoutSignal = AbortSignal.timeout(attempt.timeoutMs);
  const signal = attempt.signal ? AbortSignal.any([attempt.signal, timeoutSignal]) : timeoutSignal;
  try {
    const response = await attempt.fetch(attempt.url, { ...attempt.init, signal });
    if (!response.ok) throw await attempt.describeRefusal(response);
    return await attempt.read(response);
  } catch (error) {
    if (isUpstreamError(error)) throw error;
    if (attempt.signal?.aborted) throw new UpstreamError({ kind: "aborted", cause: error });
    if (timeoutSignal.aborted) throw new UpstreamError({ kind: "timeout", timeoutMs: attempt.timeoutMs, cause: error });
    const connectionFailure = connectionFailureCode(error);
    if (connectionFailure) throw new UpstreamError({ kind: "upstream_unreachable", upstreamMessage: connectionFailure, cause: error });
    throw new UpstreamError({ kind: "network", upstreamMessage: networkDetail(error), cause: error });
  }
}

function networkDetail(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
