import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { storeImage } from "@/lib/assets/store-image";
import type { AlphaClient } from "@/lib/upstream/alpha/client";
import { UpstreamError } from "@/lib/upstream/errors";

const ATTEMPTS = 3;
const RESULT_MIMES = ["image/png", "image/jpeg", "image/webp"] as const;
const MAX_RESULT_BYTES = 200_000_000;

type StoreResultInput = {
  client: Pick<AlphaClient, "downloadResult">;
  url: string;
  ownerId: string;
  teamId: string | null;
  generationId?: string;
  turnId?: string;
  position?: number;
  signal?: AbortSignal;
};

// Generated URLs need the key and expire (spec 2.1, 8): the result is copied into the studio's own
// storage at once. A download that breaks half way is tried again from the start; the caller only
// reports success once this has returned a stored asset.
export async function storeGeneratedImage(input: StoreResultInput) {
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    input.signal?.throwIfAborted();
    try {
      const response = await input.client.downloadResult(input.url, { signal: input.signal });
      if (!response.body) throw new UpstreamError({ kind: "invalid_response", status: response.status, upstreamMessage: "result has no body" });
      return await storeImage({
        source: Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
        ownerId: input.ownerId,
        teamId: input.teamId,
        kind: "image",
        allowedMimes: RESULT_MIMES,
        maxBytes: MAX_RESULT_BYTES,
        sourceUrl: input.url,
        generationId: input.generationId,
        turnId: input.turnId,
        position: input.position,
        visibility: "private",
        signal: input.signal,
      });
    } catch (error) {
      lastError = error;
      if (input.signal?.aborted) throw error;
      if (error instanceof UpstreamError && (error.kind === "auth" || error.kind === "bad_request")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** (attempt - 1)));
    }
  }
  throw lastError;
}
