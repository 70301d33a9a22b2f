// The alpha image endpoints (spec 4.1, 4.2) behind the studio's key (spec 5). Every call passes the
// studio-wide concurrency gate, retries per lib/upstream/retry, has an explicit timeout per attempt,
// and fails only with UpstreamError. The key is sent in the Authorization header and nowhere else;
// upstream text that echoes it is redacted before it reaches an error.
import "server-only";
import type { UpstreamCallOptions } from "@/lib/upstream/admission";
import { readJson, unreadable } from "@/lib/upstream/answer-body";
import { createClientCore, type UpstreamClientOptions } from "@/lib/upstream/client-core";
import { invalidParams } from "@/lib/upstream/invalid-params";
import type { DownloadResult } from "@/lib/upstream/result-download";
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

export type AlphaClientOptions = UpstreamClientOptions<"v3" | "v35" | "download">;

export interface AlphaV35CallOptions extends UpstreamCallOptions {
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
  generateV3(params: AlphaV3Params, options?: UpstreamCallOptions): Promise<AlphaV3Result>;
  /** A failed final frame (e.g. `content_filter`) resolves as `{ ok: false }`; HTTP failures reject. */
  generateV35(params: AlphaV35Params, options?: AlphaV35CallOptions): Promise<AlphaV35Result>;
  /** GET of a result URL with the key (spec 4.1, 4.2 rule 3). */
  downloadResult: DownloadResult;
}

export function createAlphaClient(options: AlphaClientOptions): AlphaClient {
  const core = createClientCore<"v3" | "v35">(options, "createAlphaClient");
  // The v3.5 answer may come as an event stream (spec 4.2), so both kinds are accepted.
  const accept = "application/json, text/event-stream";

  return {
    async generateV3(params, callOptions = {}) {
      const parsed = alphaV3RequestSchema.safeParse({ model: ALPHA_V3_MODEL, ...params });
      if (!parsed.success) throw invalidParams(parsed.error.issues);
      const body = JSON.stringify(parsed.data);
      return core.generate({ model: ALPHA_V3_MODEL, path: ALPHA_V3_PATH, operation: "v3", body, accept, callOptions, read: readV3Result });
    },

    async generateV35(params, callOptions = {}) {
      const parsed = alphaV35RequestSchema.safeParse({ model: ALPHA_V35_MODEL, ...params });
      if (!parsed.success) throw invalidParams(parsed.error.issues);
      const body = serializeAlphaV35Request(parsed.data);
      const read = (response: Response) => readV35Result(response, callOptions.onFrame);
      return core.generate({ model: ALPHA_V35_MODEL, path: ALPHA_V35_PATH, operation: "v35", body, accept, callOptions, read });
    },

    downloadResult: core.downloadResult,
  };
}

async function readV3Result(response: Response): Promise<AlphaV3Result> {
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
}

/** The last frame is the answer; every frame that parses also goes to `onFrame` as it arrives. */
async function readV35Result(response: Response, onFrame: AlphaV35CallOptions["onFrame"]): Promise<AlphaV35Result> {
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
}
