import { createHash } from "node:crypto";
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BlobTooLargeError } from "./blob-store";
import { FsBlobStore, TEMP_FILE_ABANDONED_AFTER_MS } from "./fs-blob-store";

let root: string;
let store: FsBlobStore;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "blobs-"));
  store = new FsBlobStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const sha = (value: string) => createHash("sha256").update(value).digest("hex");

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe("FsBlobStore", () => {
  it("stores content under its sha256 and reads it back whole and by range", async () => {
    const info = await store.put(Readable.from([Buffer.from("hello "), Buffer.from("world")]));
    expect(info).toEqual({ key: sha("hello world"), sha256: sha("hello world"), bytes: 11 });
    expect(await text(await store.get(info.key))).toBe("hello world");
    expect(await text(await store.get(info.key, { start: 6, end: 10 }))).toBe("world");
    expect(await store.stat(info.key)).toEqual({ bytes: 11 });
    expect(await readFile((await store.localFile(info.key)).path, "utf8")).toBe("hello world");
  });

  it("reads a whole blob as the bytes it had when opened, an empty one too", async () => {
    const info = await store.put(Readable.from([Buffer.from("bounded")]));
    const stream = await store.get(info.key);
    // Bytes added after the open are past the end the stream was given: it stops at the size it
    // found instead of reading on until a read comes back empty.
    await appendFile((await store.localFile(info.key)).path, " and more");
    expect(await text(stream)).toBe("bounded");
    const empty = await store.put(Readable.from([Buffer.alloc(0)]));
    expect(await text(await store.get(empty.key))).toBe("");
  });

  it("keeps one copy of identical content", async () => {
    const a = await store.put(Readable.from([Buffer.from("same")]));
    const b = await store.put(Readable.from([Buffer.from("same")]));
    expect(a.key).toBe(b.key);
    expect((await filesUnder(root)).map((f) => path.relative(root, f))).toEqual([path.relative(root, (await store.localFile(a.key)).path)]);
  });

  it("leaves no file behind when the source fails half way", async () => {
    async function* failing() {
      yield Buffer.from("partial data");
      throw new Error("connection reset");
    }
    await expect(store.put(failing())).rejects.toThrow("connection reset");
    expect(await filesUnder(root)).toEqual([]);
  });

  it("stops at maxBytes and leaves nothing", async () => {
    await expect(store.put(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await filesUnder(root)).toEqual([]);
  });

  it("stops when aborted and leaves nothing", async () => {
    const controller = new AbortController();
    async function* slow() {
      yield Buffer.from("a");
      controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 10));
      yield Buffer.from("b");
    }
    await expect(store.put(slow(), { signal: controller.signal })).rejects.toThrow();
    expect(await filesUnder(root)).toEqual([]);
  });

  it("removes temp files left by a crash when it starts, and leaves another process's write under way alone", async () => {
    await mkdir(path.join(root, "tmp"), { recursive: true });
    const leftOver = path.join(root, "tmp", "left-over");
    await writeFile(leftOver, "half a file");
    const abandoned = new Date(Date.now() - TEMP_FILE_ABANDONED_AFTER_MS - 60_000);
    await utimes(leftOver, abandoned, abandoned);
    await writeFile(path.join(root, "tmp", "another-process-writing"), "a chunk so far");
    await store.put(Readable.from([Buffer.from("x")]));
    expect(await readdir(path.join(root, "tmp"))).toEqual(["another-process-writing"]);
  });

  it("lists every blob with when it was written, and no temp file", async () => {
    const written = new Date("2026-01-02T03:04:05Z");
    const a = await store.put(Readable.from([Buffer.from("first")]));
    const b = await store.put(Readable.from([Buffer.from("second")]));
    await utimes((await store.localFile(a.key)).path, written, written);
    await writeFile(path.join(root, "tmp", "a-write-under-way"), "half");
    const listed = [];
    for await (const blob of store.list()) listed.push(blob);
    expect(listed.map((blob) => blob.key).sort()).toEqual([a.key, b.key].sort());
    expect(listed.find((blob) => blob.key === a.key)?.modifiedAt).toEqual(written);
  });

  it("lists nothing from a store never written to", async () => {
    const listed = [];
    for await (const blob of new FsBlobStore(path.join(root, "never-used")).list()) listed.push(blob);
    expect(listed).toEqual([]);
  });

  it("answers null for a missing blob and deletes idempotently", async () => {
    const info = await store.put(Readable.from([Buffer.from("gone")]));
    await store.delete(info.key);
    await store.delete(info.key);
    expect(await store.stat(info.key)).toBeNull();
  });

  it("refuses keys that are not sha256 hex (no path traversal)", async () => {
    await expect(store.localFile("../../etc/passwd")).rejects.toThrow("Invalid blob key");
    await expect(store.stat("../../etc/passwd")).rejects.toThrow("Invalid blob key");
  });
});
