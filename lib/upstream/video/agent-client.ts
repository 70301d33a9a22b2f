// The video agent (spec 4.4) from the studio's server. Every method sends exactly one request: the
// client never retries (submit is not idempotent, spec 4.4; the video steps schedule retries from
// `retryAfterSeconds` and `provesNotCreated`), and has no concurrency gate (one poller per job).
// Failures are VideoApiError, VideoTransportError or VideoResponseError (./errors). Authentication of
// the agent is not shown (spec 5): no credentials are sent.
import "server-only";
import { videoApiErrorFrom, VideoResponseError } from "@/lib/upstream/video/errors";
import { videoSender } from "@/lib/upstream/video/http";
import type { PartitionMode } from "@/lib/upstream/video/limits";
import {
  healthSchema,
  jobPath,
  partitionSchema,
  readAnswer,
  submitAnswerSchema,
  submitWireBody,
  videoDeleteSchema,
  videoJobSchema,
  videoListSchema,
  type HealthReport,
  type PartitionReport,
  type VideoJobRecord,
  type VideoSubmitBody,
} from "@/lib/upstream/video/wire";

const SERVICE = "video agent";
const DEFAULT_TIMEOUT_MS = 15_000;
// The agent checks the body and, for data: conditions, reads up to 64 MiB of it (spec 8) before answering.
const DEFAULT_SUBMIT_TIMEOUT_MS = 30_000;

type CallOptions = { signal?: AbortSignal };

export type VideoListQuery = { limit?: number; after?: string; task?: string; status?: string };

export type VideoAgentClient = {
  /**
   * ONE attempt, never retried. A VideoTransportError or a 500 leaves the outcome unknown: the job
   * may exist (reconcile by listing, matching `x_metadata`). Fields of the answer beyond `id` are not
   * shown (spec 4.4): a missing status reads as `queued`.
   */
  submit(body: VideoSubmitBody, options?: CallOptions): Promise<VideoJobRecord>;
  get(id: string, options?: CallOptions): Promise<VideoJobRecord>;
  /** Newest first (`order=desc`, the order spec 4.4 advises for `after` paging); the records carry no `echo`. */
  list(query: VideoListQuery, options?: CallOptions): Promise<{ jobs: VideoJobRecord[]; hasMore: boolean; nextCursor: string | null }>;
  /**
   * The MP4 as a streaming Response (body not read), following the 302 to the CDN for upscaled results
   * (spec 4.4). `range` is sent as the Range header (206 answers pass). The timeout covers only the
   * response headers; the caller's signal governs the body. Non-2xx: VideoApiError.
   */
  content(id: string, options?: CallOptions & { range?: string }): Promise<Response>;
  /** Spec 3.1: a queued job answers its canceled record; a finished one is deleted (`record` null). 409 `cannot_cancel` while running. */
  remove(id: string): Promise<{ deleted: boolean; record: VideoJobRecord | null }>;
  partition(): Promise<PartitionReport>;
  /** Spec 3.2: 202 a new switch started, 200 the mode was already ready; 409 (`partition_switching`, `partition_has_pending_jobs`) is a VideoApiError. */
  switchPartition(mode: PartitionMode): Promise<{ httpStatus: 200 | 202; report: PartitionReport }>;
  /** Spec 2.7, 4.4: a 503 carrying the health report is a degraded report, not an error. */
  health(): Promise<{ httpStatus: number; report: HealthReport }>;
};

export type VideoAgentClientOptions = {
  /** {agent_url} (spec, "Addresses"). */
  baseUrl: string;
  /** Per request, until the whole answer (content: until its headers). */
  timeoutMs?: number;
  /** For submit, whose body may be large. */
  submitTimeoutMs?: number;
  fetch?: typeof fetch;
};

const JSON_HEADERS = { Accept: "application/json" };

export function createVideoAgentClient(options: VideoAgentClientOptions): VideoAgentClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = videoSender(SERVICE, { baseUrl: options.baseUrl, fetch: options.fetch, timeoutMs });

  return {
    submit(body, callOptions = {}) {
      return send("/v1/videos", {
        init: { method: "POST", headers: { ...JSON_HEADERS, "Content-Type": "application/json" }, body: submitWireBody(body) },
        timeoutMs: options.submitTimeoutMs ?? DEFAULT_SUBMIT_TIMEOUT_MS,
        signal: callOptions.signal,
        read: (response) => readAnswer(response, submitAnswerSchema(body.task), SERVICE),
      });
    },

    get(id, callOptions = {}) {
      return send(jobPath(id), {
        init: { headers: JSON_HEADERS },
        signal: callOptions.signal,
        read: (response) => readAnswer(response, videoJobSchema, SERVICE),
      });
    },

    list(query, callOptions = {}) {
      const search = new URLSearchParams({ order: "desc" });
      if (query.limit !== undefined) search.set("limit", String(query.limit));
      if (query.after !== undefined) search.set("after", query.after);
      if (query.task !== undefined) search.set("task", query.task);
      if (query.status !== undefined) search.set("status", query.status);
      return send(`/v1/videos?${search}`, {
        init: { headers: JSON_HEADERS },
        signal: callOptions.signal,
        read: (response) => readAnswer(response, videoListSchema, SERVICE),
      });
    },

    content(id, callOptions = {}) {
      return send(jobPath(id, "/content"), {
        init: { headers: { Accept: "video/mp4", ...(callOptions.range && { Range: callOptions.range }) }, redirect: "follow" },
        timeoutCovers: "headers",
        signal: callOptions.signal,
        read: async (response) => response,
      });
    },

    remove(id) {
      return send(jobPath(id), {
        init: { method: "DELETE", headers: JSON_HEADERS },
        read: (response) => readAnswer(response, videoDeleteSchema, SERVICE),
      });
    },

    partition() {
      return send("/v1/partition", { init: { headers: JSON_HEADERS }, read: (response) => readAnswer(response, partitionSchema, SERVICE) });
    },

    switchPartition(mode) {
      return send("/v1/partition", {
        init: { method: "POST", headers: { ...JSON_HEADERS, "Content-Type": "application/json" }, body: JSON.stringify({ partition: mode }) },
        read: async (response) => {
          const httpStatus = response.status;
          if (httpStatus !== 200 && httpStatus !== 202) {
            throw new VideoResponseError(SERVICE, httpStatus, "a partition switch answers 200 or 202 (spec 4.4)");
          }
          return { httpStatus, report: await readAnswer(response, partitionSchema, SERVICE) };
        },
      });
    },

    health() {
      return send("/healthz", {
        init: { headers: JSON_HEADERS },
        readsStatus: (status) => status === 503,
        read: async (response) => {
          if (response.ok) return { httpStatus: response.status, report: await readAnswer(response, healthSchema, SERVICE) };
          // Spec 4.4: 503 when a required dependency is degraded; a 503 without a report (a proxy's page, a 7.3 error body) is a refusal.
          const fallback = response.clone();
          try {
            return { httpStatus: response.status, report: await readAnswer(response, healthSchema, SERVICE) };
          } catch {
            throw await videoApiErrorFrom(fallback, SERVICE);
          }
        },
      });
    },
  };
}
