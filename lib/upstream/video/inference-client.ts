// The video inference server (spec 4.5), separate from the agent (its API is not mixed with the
// agent's): the admin's diagnosis of the agent runs a base-resolution job on it directly. Same rules as
// the agent client: one request per call, no retries, no credentials (spec 5: not shown). Only `id`
// (POST) and `status` (GET) are shown by the spec; everything else of an answer is kept in `raw`.
import "server-only";
import { videoSender } from "@/lib/upstream/video/http";
import { VIDEO_SHORT_EDGE } from "@/lib/upstream/video/limits";
import { inferenceJobSchema, jobPath, readAnswer, type InferenceJob } from "@/lib/upstream/video/wire";

export type { InferenceJob } from "@/lib/upstream/video/wire";

const SERVICE = "video inference server";
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_SUBMIT_TIMEOUT_MS = 30_000;

/**
 * Spec 4.5 POST body. No post-processing there: the base short edge only. `conditions` stays empty,
 * since its `uri`s are `file://` paths on the inference server's own disk (spec 4.4.1).
 */
export type InferenceSubmitBody = {
  model: string;
  prompt: string;
  seconds: number;
  task: "t2va";
  target: { short_edge: typeof VIDEO_SHORT_EDGE.native; aspect_ratio: string; duration_seconds?: number };
  num_outputs_per_prompt: 1;
  num_inference_steps?: number;
  flow_shift?: number;
  audio_flow_shift?: number;
  seed?: number;
  conditions?: [];
};

export type VideoInferenceClient = {
  submit(body: InferenceSubmitBody): Promise<InferenceJob>;
  get(id: string): Promise<InferenceJob>;
  /** The MP4 as a streaming Response; the timeout covers the headers, the caller's signal the body. */
  content(id: string, options?: { signal?: AbortSignal }): Promise<Response>;
  /** Readiness (spec 4.5 `/health`): any status is an answer; the body as JSON, or as text when it is not JSON. */
  health(): Promise<{ httpStatus: number; body: unknown }>;
};

export type VideoInferenceClientOptions = { baseUrl: string; timeoutMs?: number; submitTimeoutMs?: number; fetch?: typeof fetch };

export function createVideoInferenceClient(options: VideoInferenceClientOptions): VideoInferenceClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = videoSender(SERVICE, { baseUrl: options.baseUrl, fetch: options.fetch, timeoutMs });

  return {
    submit(body) {
      return send("/v1/videos", {
        init: { method: "POST", headers: { Accept: "application/json", "Content-Type": "application/json" }, body: JSON.stringify(body) },
        timeoutMs: options.submitTimeoutMs ?? DEFAULT_SUBMIT_TIMEOUT_MS,
        // Accepted, not finished (spec 4.5).
        read: (response) => readAnswer(response, inferenceJobSchema("queued"), SERVICE),
      });
    },

    get(id) {
      return send(jobPath(id), { init: { headers: { Accept: "application/json" } }, read: (response) => readAnswer(response, inferenceJobSchema(), SERVICE) });
    },

    content(id, callOptions = {}) {
      return send(jobPath(id, "/content"), {
        init: { headers: { Accept: "video/mp4" }, redirect: "follow" },
        timeoutCovers: "headers",
        signal: callOptions.signal,
        read: async (response) => response,
      });
    },

    health() {
      return send("/health", {
        init: { headers: { Accept: "application/json" } },
        // Readiness is told by the status itself: a 503 "not ready" is an answer like any other.
        readsStatus: () => true,
        read: async (response) => ({ httpStatus: response.status, body: parsedOrText(await response.text()) }),
      });
    },
  };
}

function parsedOrText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
