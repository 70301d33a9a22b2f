import "server-only";
import { imageUpstreamConfig } from "@/lib/env";
import { settings } from "@/lib/settings";
import { log } from "@/lib/log";
import { createAlphaClient, type AlphaClient } from "./alpha/client";
import { ALPHA_V3_MODEL } from "./alpha/wire-v3";
import { ALPHA_V35_MODEL } from "./alpha/wire-v35";
import { sharedConcurrencyGate } from "./concurrency-gate";

const holder = globalThis as typeof globalThis & { studioAlphaClient?: AlphaClient };

// One client per process, behind the studio-wide gate with the configured per-model limits.
export function alphaClient(): AlphaClient {
  if (holder.studioAlphaClient) return holder.studioAlphaClient;
  const { imageBaseUrl, imageApiKey } = imageUpstreamConfig();
  const gate = sharedConcurrencyGate();
  gate.setLimit(ALPHA_V3_MODEL, settings().ALPHA_CONCURRENCY);
  gate.setLimit(ALPHA_V35_MODEL, settings().ALPHA_CONCURRENCY);
  holder.studioAlphaClient = createAlphaClient({
    baseUrl: imageBaseUrl,
    apiKey: imageApiKey,
    timeoutMs: settings().UPSTREAM_TIMEOUT_MS,
    gate,
    onRetry: (event) => log.warn({ upstream: "alpha", ...event }, "retrying upstream call"),
  });
  return holder.studioAlphaClient;
}
