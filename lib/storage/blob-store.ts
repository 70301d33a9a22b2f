import type { Readable } from "node:stream";
import { hasErrorName } from "@/lib/error-name";

export type BlobInfo = { key: string; sha256: string; bytes: number };
export type ByteRange = { start: number; end: number };

// Where asset bytes live. Keys are the sha256 of the content, so storing the same file twice keeps
// one copy and a key always names exactly one content.
export interface BlobStore {
  /** Streams `source` into the store; never leaves a partial blob behind, even on a crash. */
  put(source: Readable | AsyncIterable<Uint8Array>, options?: { maxBytes?: number; signal?: AbortSignal }): Promise<BlobInfo>;
  /** A stream of the blob, or of `range` (inclusive byte offsets) of it. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<{ bytes: number } | null>;
  /**
   * The blob's file on this machine, for decoders that read a file more frugally than a stream
   * (sharp reads a header, or decodes line by line, from a path; a stream it first buffers whole).
   */
  pathFor(key: string): string;
  delete(key: string): Promise<void>;
  /** Throws unless the store can take a write now (readiness checks). */
  probe(): Promise<void>;
}

export class BlobTooLargeError extends Error {
  override readonly name = "BlobTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

export function isBlobTooLargeError(error: unknown): error is BlobTooLargeError {
  return hasErrorName(error, "BlobTooLargeError");
}
