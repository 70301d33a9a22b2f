// What the alpha and beta clients share: they are built from the same options (studio key, base URL,
// gate, timeouts, retry seams), send a generation the same way (the model's line in the gate, the
// retry policy, a timeout per attempt) and fetch results the same way (lib/upstream/result-download).
// Each client keeps only what its endpoint differs in: the wire schemas and how an answer reads.
import "server-only";
import { throughGate, type UpstreamCallOptions } from "@/lib/upstream/admission";
import { attemptUpstream } from "@/lib/upstream/attempt";
import type { ConcurrencyGate } from "@/lib/upstream/concurrency-gate";
import { upstreamErrorFromResponse, type UpstreamError } from "@/lib/upstream/errors";
import { createResultDownload, type DownloadResult } from "@/lib/upstream/result-download";
import { retryOperation, type RetryEvent, type RetryTuning } from "@/lib/upstream/retry";
import { sharedConcurrencyGate } from "@/lib/upstream/shared-gate";

const DEFAULT_GENERATION_TIMEOUT_MS = 180_000;

/** `Operation` names the kinds of call a client's retry events report. */
export interface UpstreamClientOptions<Operation extends string> {
  /** {base_url} of spec 4 (no trailing path). */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per attempt of a generation, from sending the request to the last byte of the answer. */
  timeoutMs?: number;
  /** Per attempt of a result download, until the whole body has been read. */
  downloadTimeoutMs?: number;
  /** Defaults to the process-wide gate (lib/upstream/shared-gate); each model has its own line. */
  gate?: ConcurrencyGate;
  retry?: RetryTuning;
  /** Told before each retry, e.g. to log it; the event holds no key. */
  onRetry?: (event: RetryEvent & { operation: Operation }) => void;
  /**
   * Origins besides the base URL's that may receive the key when downloading a result. The key
   * is never sent to any other origin, whatever URL a stored record holds.
   */
  resultOrigins?: readonly string[];
}

interface Generation<T, Operation extends string> {
  /** The model whose line in the gate the call waits in. */
  model: string;
  /** Below {base_url}. */
  path: string;
  operation: Operation;
  /** The request body, already checked against the wire schema. */
  body: string;
  accept: string;
  callOptions: UpstreamCallOptions;
  read: (response: Response) => Promise<T>;
  /** How the endpoint words a refusal; `redact` holds the key. Defaults to the alpha reading (spec 7.1). */
  describeRefusal?: (response: Response, redact: readonly string[]) => Promise<UpstreamError>;
}

export interface ClientCore<Operation extends string> {
  generate<T>(generation: Generation<T, Operation>): Promise<T>;
  downloadResult: DownloadResult;
}

/** `clientName` names the factory in the error for a missing key. */
export function createClientCore<Operation extends string>(options: UpstreamClientOptions<Operation | "download">, clientName: string): ClientCore<Operation> {
  if (!options.apiKey) throw new Error(`${clientName}: apiKey is empty`);
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_GENERATION_TIMEOUT_MS;
  const gate = options.gate ?? sharedConcurrencyGate();
  const redact = [options.apiKey];
  const describeByDefault = (response: Response) => upstreamErrorFromResponse(response, { redact });

  return {
    generate(generation) {
      const { callOptions, describeRefusal } = generation;
      const init: RequestInit = {
        method: "POST",
        headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json", Accept: generation.accept },
        body: generation.body,
      };
      const attempt = () =>
        attemptUpstream({
          fetch: fetchImpl,
          url: `${baseUrl}${generation.path}`,
          init,
          timeoutMs,
          signal: callOptions.signal,
          read: generation.read,
          describeRefusal: describeRefusal ? (response) => describeRefusal(response, redact) : describeByDefault,
        });
      return throughGate(gate, generation.model, callOptions, () =>
        retryOperation(generation.operation, attempt, { tuning: options.retry, signal: callOptions.signal, onRetry: options.onRetry }),
      );
    },

    downloadResult: createResultDownload({
      baseUrl,
      apiKey: options.apiKey,
      fetch: options.fetch,
      timeoutMs: options.downloadTimeoutMs,
      resultOrigins: options.resultOrigins,
      retry: options.retry,
      onRetry: options.onRetry,
    }),
  };
}
