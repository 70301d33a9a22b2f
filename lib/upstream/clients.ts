import "server-only";
import { imageUpstreamConfig } from "@/lib/env";
import { settings } from "@/lib/settings";
import { log } from "@/lib/log";
import { createAlphaClient, type AlphaClient } from "./alpha/client";
import { createBetaClient, type BetaClient } from "./beta/client";
import { BETA_MODELS } from "./beta/limits";
import { ALPHA_V3_MODEL } from "./alpha/wire-v3";
import { ALPHA_V35_MODEL } from "./alpha/wire-v35";
import type { UpstreamClientOptions } from "./client-core";
import { sharedConcurrencyGate } from "./concurrency-gate";

const holder = globalThis as typeof globalThis & { studioAlphaClient?: AlphaClient; studioBetaClient?: BetaClient };

// One client per process, behind the studio-wide gate with the configured per-model limits.
export function alphaClient(): AlphaClient {
  holder.studioAlphaClient ??= createAlphaClient(studioClientOptions("alpha", [ALPHA_V3_MODEL, ALPHA_V35_MODEL], settings().ALPHA_CONCURRENCY));
  return holder.studioAlphaClient;
}

export function betaClient(): BetaClient {
  holder.studioBetaClient ??= createBetaClient(studioClientOptions("beta", BETA_MODELS, settings().BETA_CONCURRENCY));
  return holder.studioBetaClient;
}

/** The configured key, URL and timeout; each of `models` gets its own line in the gate, `limit` wide. */
function studioClientOptions(upstream: string, models: readonly string[], limit: number): UpstreamClientOptions<string> {
  const { imageBaseUrl, imageApiKey } = imageUpstreamConfig();
  const gate = sharedConcurrencyGate();
  for (const model of models) gate.setLimit(model, limit);
  return {
    baseUrl: imageBaseUrl,
    apiKey: imageApiKey,
    timeoutMs: settings().UPSTREAM_TIMEOUT_MS,
    gate,
    onRetry: (event) => log.warn({ upstream, ...event }, "retrying upstream call"),
  };
}
