import type { Readable } from "node:stream";
import { hasErrorName } from "@/lib/error-name";

export type BlobInfo = { key: string; sha256: string; bytes: number };
export type ByteRange = { start: number; end: number };
/** A blob as a listing shows it: `modifiedAt` is when its bytes were last written (a put of the same content writes them again). */
export type ListedBlob = { key: string; modifiedAt: Date };
/** A file on this machine holding a blob's bytes, until `release()`. */
export type LocalFile = { path: string; release(): Promise<void> };
/** What a presigned read answers with, and for how long it opens the blob. */
export type PresignedGet = { contentType: string; contentDisposition: string; expiresInSeconds: number };

const KEY_PATTERN = /^[0-9a-f]{64}$/;

/** Whether `name` is a blob key (a sha256 hex digest). */
export function isBlobKey(name: string): boolean {
  return KEY_PATTERN.test(name);
}

/** Keys are sha256 hex digests; anything else (a path, a traversal) is refused before it names a file or object. */
export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error(`Invalid blob key: ${key}`);
}

// Where asset bytes live. Keys are the sha256 of the content, so storing the same file twice keeps
// one copy and a key always names exactly one content.
export interface BlobStore {
  /** Streams `source` into the store; never leaves a partial blob behind, even on a crash. */
  put(source: Readable | AsyncIterable<Uint8Array>, options?: { maxBytes?: number; signal?: AbortSignal }): Promise<BlobInfo>;
  /** A stream of the blob, or of `range` (inclusive byte offsets) of it. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<{ bytes: number } | null>;
  /**
   * The blob as a file on this machine, for decoders that read a file more frugally than a stream
   * (sharp reads a header, or decodes line by line, from a path; a stream it first buffers whole).
   * Use `withLocalFile`, which always releases it.
   */
  localFile(key: string): Promise<LocalFile>;
  delete(key: string): Promise<void>;
  /**
   * Every blob in the store, in no particular order, read as it goes (never the whole listing in
   * memory): the orphan sweep walks it. An object store pages through its listing (S3: ListObjectsV2,
   * `LastModified`); temp or partial writes are not blobs and are not listed.
   */
  list(): AsyncIterable<ListedBlob>;
  /**
   * A URL that reads the blob straight from the store, without the studio, for `expiresInSeconds`
   * (an object store's presigned GET, which answers ranges and ETags itself). Absent on stores
   * whose bytes only the studio can serve (a local disk).
   */
  presignedGetUrl?(key: string, options: PresignedGet): Promise<string>;
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

/** Runs `read` with a local file of the blob, released (a downloaded copy removed) whatever happens. */
export async function withLocalFile<T>(store: BlobStore, key: string, read: (filePath: string) => Promise<T>): Promise<T> {
  const file = await store.localFile(key);
  try {
    return await read(file.path);
  } finally {
    await file.release();
  }
}
