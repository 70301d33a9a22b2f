// The beta image endpoint (spec 4.3, 2.4) behind the studio's key (spec 5), on the same core as the
// alpha client (lib/upstream/client-core.ts): every call passes the studio-wide per-model gate, retries
// per lib/upstream/retry (QuotaExceeded and TooManyRequests with backoff, an internal failure once),
// has a timeout per attempt, and fails only with UpstreamError (BetaUpstreamError for a refusal,
// spec 7.2). A request that breaks a rule of lib/upstream/beta/limits is refused before it is sent.
// The key goes in the Authorization header and nowhere else; upstream text that echoes it is redacted.
import "server-only";
import type { UpstreamCallOptions } from "@/lib/upstream/admission";
import { readJson, unreadable } from "@/lib/upstream/answer-body";
import { createClientCore, type UpstreamClientOptions } from "@/lib/upstream/client-core";
import { invalidParams } from "@/lib/upstream/invalid-params";
import type { DownloadResult } from "@/lib/upstream/result-download";
import { betaErrorFromResponse } from "@/lib/upstream/beta/errors";
import { BETA_PATH, betaRequestSchema, betaResponseSchema, parseBetaPixelSize, type BetaGenerationRequest, type BetaResponse } from "@/lib/upstream/beta/wire";

export type BetaClientOptions = UpstreamClientOptions<"generate" | "download">;

export interface BetaResultImage {
  /** Temporary, authenticated link (spec 2.4, 8): fetch it at once with `downloadResult`. */
  url?: string;
  /** The image itself, base64 without a data: prefix, when `response_format` was `b64_json`. */
  b64?: string;
  /** `png` or `jpeg` as the service named it (lowercase; `jpg` read as `jpeg`), else the format asked for. */
  outputFormat: string;
  /** From `size` (`WxH`); null when the service gave none the studio can read. */
  size: { width: number; height: number } | null;
  /** Layer decomposition only (field layout "not shown" in spec 2.4; read as the emulator sends it). */
  role?: "base" | "layer";
  layerIndex?: number;
  /** A layer's box on the base image, in base pixels. */
  bbox?: { x: number; y: number; width: number; height: number };
}

export interface BetaResult {
  requestId?: string;
  /** The model the service says it used, else the one asked for. */
  model: string;
  /** From `created` or `created_at` (spec 2.4 names both); the time the answer arrived when neither reads. */
  createdAt: Date;
  totalTokens?: number;
  images: BetaResultImage[];
}

export interface BetaClient {
  generate(params: BetaGenerationRequest, options?: UpstreamCallOptions): Promise<BetaResult>;
  /** Result URLs of both image areas live under the same {base_url} and are fetched alike (spec 4.1, 5, 8). */
  downloadResult: DownloadResult;
}

export function createBetaClient(options: BetaClientOptions): BetaClient {
  const core = createClientCore<"generate">(options, "createBetaClient");
  return {
    async generate(params, callOptions = {}) {
      const parsed = betaRequestSchema.safeParse(params);
      if (!parsed.success) throw invalidParams(parsed.error.issues);
      const request = parsed.data;
      return core.generate({
        model: request.model,
        path: BETA_PATH,
        operation: "generate",
        body: JSON.stringify(request),
        accept: "application/json",
        callOptions,
        read: (response) => readResult(response, request, new Date()),
        describeRefusal: (response, redact) => betaErrorFromResponse(response, { redact, model: request.model }),
      });
    },

    downloadResult: core.downloadResult,
  };
}

async function readResult(response: Response, request: BetaGenerationRequest, receivedAt: Date): Promise<BetaResult> {
  const body = await readJson(response);
  const result = betaResponseSchema.safeParse(body);
  if (!result.success) throw unreadable(response, body, result.error.message);
  const data = result.data;
  return {
    requestId: data.request_id ?? response.headers.get("x-request-id") ?? undefined,
    model: data.model ?? request.model,
    createdAt: createdAtOf(data) ?? receivedAt,
    totalTokens: data.gateway_usage?.total_tokens ?? undefined,
    images: data.data.map((item) => ({
      ...(item.url && { url: item.url }),
      ...(item.b64_json && { b64: stripDataUrlPrefix(item.b64_json) }),
      outputFormat: formatName(item.output_format) ?? request.output_format ?? "png",
      size: item.size ? (parseBetaPixelSize(item.size.replace(/\s+/g, "").replace("×", "x").toLowerCase()) ?? null) : null,
      ...(item.role && { role: item.role }),
      ...(typeof item.layer_index === "number" && { layerIndex: item.layer_index }),
      ...(item.bbox && { bbox: { x: item.bbox.x, y: item.bbox.y, width: item.bbox.width, height: item.bbox.height } }),
    })),
  };
}

/** Seconds or milliseconds since the epoch, by magnitude (a seconds count passes 1e12 only in the year 33658). */
function fromEpoch(value: number): Date | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  return new Date(value >= 1e12 ? value : value * 1000);
}

function createdAtOf(data: BetaResponse): Date | undefined {
  if (typeof data.created === "number") {
    const date = fromEpoch(data.created);
    if (date) return date;
  }
  const stated = data.created_at;
  if (typeof stated === "number") return fromEpoch(stated);
  if (typeof stated !== "string" || !stated.trim()) return undefined;
  if (/^\d+$/.test(stated.trim())) return fromEpoch(Number(stated.trim()));
  const parsed = Date.parse(stated);
  return Number.isNaN(parsed) ? undefined : new Date(parsed);
}

function formatName(format: string | null | undefined): string | undefined {
  const name = format?.trim().toLowerCase();
  if (!name) return undefined;
  return name === "jpg" ? "jpeg" : name;
}

/** `b64_json` is "Base64 image data" (spec 2.4); a data: URL prefix, should one come, is dropped. */
function stripDataUrlPrefix(b64: string): string {
  return b64.replace(/^data:[^,]*;base64,/, "");
}
