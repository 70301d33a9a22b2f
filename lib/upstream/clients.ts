import "server-only";
import { imageUpstreamConfig } from "@/lib/env";
import { InvalidEnvironmentError, settings } from "@/lib/settings";
import { log } from "@/lib/log";
import { createAlphaClient, type AlphaClient } from "./alpha/client";
import { createBetaClient, type BetaClient } from "./beta/client";
import { BETA_MODELS } from "./beta/limits";
import { ALPHA_V3_MODEL } from "./alpha/wire-v3";
import { ALPHA_V35_MODEL } from "./alpha/wire-v35";
import type { UpstreamClientOptions } from "./client-core";
import { sharedConcurrencyGate } from "./shared-gate";
import { createVideoAgentClient, type VideoAgentClient } from "./video/agent-client";
import { createVideoInferenceClient, type VideoInferenceClient } from "./video/inference-client";
import { reachabilityRecordingFetch } from "./reachability/recording-fetch";

const holder = globalThis as typeof globalThis & {
  studioAlphaClient?: AlphaClient;
  studioBetaClient?: BetaClient;
  studioVideoAgentClient?: VideoAgentClient;
  studioVideoInferenceClient?: VideoInferenceClient;
};

// One client per process, behind the studio-wide gate with the configured per-model limits.
export function alphaClient(): AlphaClient {
  holder.studioAlphaClient ??= createAlphaClient(studioClientOptions("alpha", [ALPHA_V3_MODEL, ALPHA_V35_MODEL], settings().ALPHA_CONCURRENCY));
  return holder.studioAlphaClient;
}

export function betaClient(): BetaClient {
  holder.studioBetaClient ??= createBetaClient(studioClientOptions("beta", BETA_MODELS, settings().BETA_CONCURRENCY));
  return holder.studioBetaClient;
}

// The video services have no gate and no retries (lib/upstream/video): their video steps pace them.
export function videoAgentClient(): VideoAgentClient {
  holder.studioVideoAgentClient ??= createVideoAgentClient({ baseUrl: videoServiceUrl("VIDEO_AGENT_URL"), fetch: reachabilityRecordingFetch("video_agent") });
  return holder.studioVideoAgentClient;
}

export function videoInferenceClient(): VideoInferenceClient {
  holder.studioVideoInferenceClient ??= createVideoInferenceClient({ baseUrl: videoServiceUrl("VIDEO_INFERENCE_URL"), fetch: reachabilityRecordingFetch("video_inference") });
  return holder.studioVideoInferenceClient;
}

function videoServiceUrl(name: "VIDEO_AGENT_URL" | "VIDEO_INFERENCE_URL"): string {
  const url = settings()[name];
  if (!url) throw new InvalidEnvironmentError(`${name} must be set (npm start sets it to the emulator)`);
  return url;
}

/** The configured key, URL and timeout; each of `models` gets its own line in the gate, `limit` wide. */
function studioClientOptions(upstream: string, models: readonly string[], limit: number): UpstreamClientOptions<string> {
  const { imageBaseUrl, imageApiKey } = imageUpstreamConfig();
  const gate = sharedConcurrencyGate();
  for (const model of models) gate.setLimit(model, limit);
  return {
    baseUrl: imageBaseUrl,
    apiKey: imageApiKey,
    // Every call's outcome tells the shell and the forms whether the service can be reached.
    fetch: reachabilityRecordingFetch("image"),
    timeoutMs: settings().UPSTREAM_TIMEOUT_MS,
    gate,
    onRetry: (event) => log.warn({ upstream, ...event }, "retrying upstream call"),
  };
}
