import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { beforeEach, describe, expect, it } from "vitest";
import { isBlobTooLargeError, withLocalFile, type BlobStore } from "./blob-store";

/** A fresh, empty store, and every file or object it holds (blobs and temporaries alike). */
export type BlobStoreHarness = { store: BlobStore; storedObjects(): Promise<string[]> };

const MB = 1024 * 1024;
const LARGE_OBJECT_BYTES = 120 * MB;
/**
 * Well under the large object's size: the bytes are streamed through, never held whole. Not tighter,
 * because V8 hands back a buffer's memory some time after its last use, even after a forced
 * collection: an S3 upload's 5 MB parts show as a saw-tooth of up to about 75 MB of growth, whatever
 * the object's size (the same for 60 MB as for 200 MB).
 */
const STREAMING_MEMORY_LIMIT_BYTES = 90 * MB;
const CHUNK_BYTES = 64 * 1024;

const sha = (value: string | Buffer) => createHash("sha256").update(value).digest("hex");

/** `bytes` of varied content, one chunk at a time, so that no more than a chunk exists at once. */
async function* generated(bytes: number, onChunk?: (sent: number) => void): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < bytes; sent += CHUNK_BYTES) {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, bytes - sent), sent % 251);
    chunk.writeUInt32BE(sent, 0);
    yield chunk;
    onChunk?.(sent + chunk.length);
  }
}

// Buffers already let go of stay counted until a garbage collection, which V8 runs when it likes:
// collecting before each sample measures what the store holds, not how lazy the collector is.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as (options: { type: "major"; execution: "sync" }) => void;

function liveBufferBytes(): number {
  collectGarbage({ type: "major", execution: "sync" });
  collectGarbage({ type: "major", execution: "sync" });
  return process.memoryUsage().arrayBuffers;
}

/** The highest growth of memory held in buffers while `work` runs, sampled every few milliseconds. */
async function peakBufferGrowth(work: () => Promise<unknown>): Promise<number> {
  const baseline = liveBufferBytes();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, liveBufferBytes());
  }, 100);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return peak - baseline;
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

// What every BlobStore promises, whatever holds the bytes: each backend's test file runs this suite
// against its own store, so the backends cannot drift apart.
export function describeBlobStoreContract(name: string, fresh: () => Promise<BlobStoreHarness>): void {
  describe(`${name} (BlobStore contract)`, () => {
    let store: BlobStore;
    let storedObjects: () => Promise<string[]>;
    beforeEach(async () => {
      ({ store, storedObjects } = await fresh());
    });

    it("stores content under its sha256 and reads it back whole, by inclusive range and as a local file", async () => {
      const info = await store.put(Readable.from([Buffer.from("hello "), Buffer.from("world")]));
      expect(info).toEqual({ key: sha("hello world"), sha256: sha("hello world"), bytes: 11 });
      expect(await text(await store.get(info.key))).toBe("hello world");
      expect(await text(await store.get(info.key, { start: 6, end: 10 }))).toBe("world");
      expect(await text(await store.get(info.key, { start: 0, end: 1 }))).toBe("he");
      expect(await store.stat(info.key)).toEqual({ bytes: 11 });
      expect(await withLocalFile(store, info.key, (file) => readFile(file, "utf8"))).toBe("hello world");
      expect(await store.stat(info.key)).toEqual({ bytes: 11 });
    });

    it("keeps one copy of identical content and no temporary", async () => {
      const a = await store.put(Readable.from([Buffer.from("same")]));
      const b = await store.put((async function* () { yield Buffer.from("sa"); yield Buffer.from("me"); })());
      expect(b).toEqual(a);
      expect(await storedObjects()).toHaveLength(1);
    });

    it("lists every blob once, with when it was written, and nothing a write left unfinished", async () => {
      const before = Date.now() - 60_000;
      const one = await store.put(Readable.from([Buffer.from("listed one")]));
      const two = await store.put(Readable.from([Buffer.from("listed two")]));
      await store.put(Readable.from([Buffer.alloc(600)]), { maxBytes: 100 }).catch(() => undefined);
      const listed = [];
      for await (const blob of store.list()) listed.push(blob);
      expect(listed.map((blob) => blob.key).sort()).toEqual([one.key, two.key].sort());
      expect(listed.every((blob) => blob.modifiedAt.getTime() > before)).toBe(true);
    });

    it("answers null for a missing blob, refuses to read it and deletes idempotently", async () => {
      const info = await store.put(Readable.from([Buffer.from("gone")]));
      await store.delete(info.key);
      await store.delete(info.key);
      expect(await store.stat(info.key)).toBeNull();
      await expect(store.get(info.key)).rejects.toThrow();
      expect(await storedObjects()).toEqual([]);
    });

    it("refuses keys that are not sha256 hex (no path traversal)", async () => {
      await expect(store.stat("../../etc/passwd")).rejects.toThrow("Invalid blob key");
      await expect(store.get("../x")).rejects.toThrow("Invalid blob key");
      await expect(store.localFile("a/b")).rejects.toThrow("Invalid blob key");
    });

    it("stops past maxBytes with BlobTooLargeError and leaves nothing", async () => {
      const refusal = await store.put(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 }).catch((error: unknown) => error);
      expect(isBlobTooLargeError(refusal)).toBe(true);
      expect(await storedObjects()).toEqual([]);
    });

    it("leaves nothing when the source fails half way", async () => {
      async function* failing() {
        yield* generated(6 * MB);
        throw new Error("connection reset");
      }
      await expect(store.put(failing())).rejects.toThrow("connection reset");
      expect(await storedObjects()).toEqual([]);
    });

    it("stops when aborted mid-upload and leaves nothing visible", async () => {
      // Past one multipart part, so an object store has an upload under way when the abort comes.
      const controller = new AbortController();
      const bytes = 12 * MB;
      const source = generated(bytes, (sent) => {
        if (sent >= 7 * MB) controller.abort();
      });
      await expect(store.put(source, { signal: controller.signal })).rejects.toThrow();
      const key = createHash("sha256");
      for await (const chunk of generated(bytes)) key.update(chunk);
      expect(await store.stat(key.digest("hex"))).toBeNull();
      expect(await storedObjects()).toEqual([]);
    });

    it("streams a large object in and out without holding it in memory", async () => {
      let info: { key: string; bytes: number } | undefined;
      const growthIn = await peakBufferGrowth(async () => {
        info = await store.put(generated(LARGE_OBJECT_BYTES));
      });
      expect(info!.bytes).toBe(LARGE_OBJECT_BYTES);
      let read: { sha256: string; bytes: number } | undefined;
      const growthOut = await peakBufferGrowth(async () => {
        read = await sha256Of(await store.get(info!.key));
      });
      expect(read).toEqual({ sha256: info!.key, bytes: LARGE_OBJECT_BYTES });
      expect(growthIn).toBeLessThan(STREAMING_MEMORY_LIMIT_BYTES);
      expect(growthOut).toBeLessThan(STREAMING_MEMORY_LIMIT_BYTES);
      expect(await storedObjects()).toHaveLength(1);
    });

    it("proves it takes writes, and leaves nothing behind doing so", async () => {
      await expect(store.probe()).resolves.toBeUndefined();
      expect(await storedObjects()).toEqual([]);
    });
  });
}
