import { randomUUID } from "node:crypto";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { asStorageFailure } from "./storage-failure";
import { blobMeter } from "./blob-meter";
import { assertBlobKey, isBlobKey, type BlobInfo, type BlobStore, type ByteRange, type ListedBlob, type LocalFile } from "./blob-store";

// Local filesystem blobs under <root>/<aa>/<bb>/<sha256>. A blob is written to a temp file in
// <root>/tmp, fsynced, then renamed into place: rename is atomic on one filesystem, so a reader or
// a crash never sees half a file. Several processes (web servers, workers) share the directory, so
// a process starting removes only the temp files nobody has written to for a while: a crash's
// leftovers, never another process's write under way. A write the disk refuses (full, read-only)
// removes its temp file and throws the 507 `storage_failed` refusal.

/** A temp file untouched this long belongs to a process that is gone (a write under way touches its file with every chunk). */
export const TEMP_FILE_ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * How much a read takes from the file at once: four times Node's default, so a served file (a 1 MiB
 * range, a video) goes out in a quarter of the reads and socket writes, at 256 KiB held per stream.
 */
const READ_CHUNK_BYTES = 256 * 1024;

export class FsBlobStore implements BlobStore {
  private ready: Promise<void> | undefined;

  constructor(private readonly root: string) {}

  private init(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.tmpDir(), { recursive: true, mode: 0o700 });
      const abandonedBefore = Date.now() - TEMP_FILE_ABANDONED_AFTER_MS;
      for (const name of await readdir(this.tmpDir())) {
        const file = path.join(this.tmpDir(), name);
        const info = await stat(file).catch(() => null);
        if (info && info.mtimeMs < abandonedBefore) await rm(file, { recursive: true, force: true });
      }
    })();
    return this.ready;
  }

  private tmpDir() {
    return path.join(this.root, "tmp");
  }

  async probe(): Promise<void> {
    await this.init();
    await access(this.tmpDir(), constants.W_OK);
  }

  private pathFor(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  /** The blob's own file: nothing is copied, so there is nothing to remove. */
  async localFile(key: string): Promise<LocalFile> {
    return { path: this.pathFor(key), release: async () => {} };
  }

  async put(source: Readable | AsyncIterable<Uint8Array>, options: { maxBytes?: number; signal?: AbortSignal } = {}): Promise<BlobInfo> {
    await this.init();
    const temp = path.join(this.tmpDir(), randomUUID());
    const meter = blobMeter(options.maxBytes);
    const sink = createWriteStream(temp, { flags: "wx" });
    try {
      await pipeline(source, meter.stream, sink, { signal: options.signal });
      const handle = await open(temp, "r");
      await handle.sync();
      await handle.close();
      const { sha256, bytes } = meter.result();
      const final = this.pathFor(sha256);
      await mkdir(path.dirname(final), { recursive: true });
      await rename(temp, final);
      return { key: sha256, sha256, bytes };
    } catch (error) {
      throw asStorageFailure(error);
    } finally {
      // A failed pipeline may still be opening the temp file: wait until it is closed, so the
      // removal below cannot run before the file exists.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once("close", () => resolve()));
      await rm(temp, { force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathFor(key);
    if (range) return createReadStream(file, { highWaterMark: READ_CHUNK_BYTES, start: range.start, end: range.end });
    // A whole file is read up to the size its open handle has: a read stream told where the file
    // ends allocates no more than it reads and needs no further read to find the end, so a small
    // file (a thumbnail) is one read of its size instead of a 256 KiB buffer and an empty read.
    const handle = await open(file, "r");
    try {
      const { size } = await handle.stat();
      return handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES, ...(size > 0 && { end: size - 1 }) });
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<{ bytes: number } | null> {
    try {
      const info = await stat(this.pathFor(key));
      return { bytes: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  /** Walks <root>/<aa>/<bb>/<key> one directory at a time; a blob deleted while it is listed is skipped. */
  async *list(): AsyncIterable<ListedBlob> {
    for (const first of await directoryNames(this.root, FANOUT_NAME)) {
      for (const second of await directoryNames(path.join(this.root, first), FANOUT_NAME)) {
        const dir = path.join(this.root, first, second);
        for (const name of await directoryNames(dir, null)) {
          if (!isBlobKey(name)) continue;
          const info = await stat(path.join(dir, name)).catch(() => null);
          if (info?.isFile()) yield { key: name, modifiedAt: info.mtime };
        }
      }
    }
  }
}

/** The two-hex-digit directories blobs are spread over; the temp directory is not one. */
const FANOUT_NAME = /^[0-9a-f]{2}$/;

/** The entries of `dir` whose names match `pattern` (all when null); none when it does not exist. */
async function directoryNames(dir: string, pattern: RegExp | null): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return pattern ? names.filter((name) => pattern.test(name)) : names;
}
