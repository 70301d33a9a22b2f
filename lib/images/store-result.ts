import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { storeImage } from "@/lib/assets/store-image";
import type { AlphaClient } from "@/lib/upstream/alpha/client";

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
  role?: "base" | "layer";
  layout?: { x: number; y: number; width: number; height: number };
  signal?: AbortSignal;
};

type StoredResultTarget = Omit<StoreResultInput, "client" | "url">;

// Generated URLs need the key and expire (spec 2.1, 8): the result is copied into the studio's own
// storage at once. The client's download policy tries a transfer that breaks off again from the
// start; the caller only reports success once this has returned a stored asset.
export function storeGeneratedImage(input: StoreResultInput) {
  return input.client.downloadResult(input.url, {
    signal: input.signal,
    consume: (body) =>
      storeImage({
        source: Readable.fromWeb(body as NodeReadableStream<Uint8Array>),
        ownerId: input.ownerId,
        teamId: input.teamId,
        kind: input.role === "layer" ? "layer" : "image",
        allowedMimes: RESULT_MIMES,
        maxBytes: MAX_RESULT_BYTES,
        sourceUrl: input.url,
        generationId: input.generationId,
        turnId: input.turnId,
        position: input.position,
        role: input.role,
        layout: input.layout,
        signal: input.signal,
        // The configured image service's output, fetched with the key from an origin the client
        // trusts, in a transfer checked for completeness: its type and pixel size are checked before
        // the row, and its decode (the thumbnail) follows it, so the result is not held up.
        decode: "after-row",
      }),
  });
}

/**
 * A result answered inline (beta `response_format` = `b64_json`, spec 4.3): decoded and stored with
 * the same checks as a downloaded one.
 */
export function storeBase64Image(b64: string, target: StoredResultTarget) {
  return storeImage({
    source: Readable.from([Buffer.from(b64, "base64")]),
    ...target,
    kind: target.role === "layer" ? "layer" : "image",
    allowedMimes: RESULT_MIMES,
    maxBytes: MAX_RESULT_BYTES,
    decode: "after-row",
  });
}
