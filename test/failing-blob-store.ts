import path from "node:path";
import type { Readable } from "node:stream";
import type { BlobInfo, BlobStore } from "@/lib/storage/blob-store";
import { FsBlobStore } from "@/lib/storage/fs-blob-store";

/** What the disk under a FailingBlobStore takes: every write, none, or this many bytes more. */
export type DiskRoom = "unlimited" | "none" | { bytes: number };

// The real FsBlobStore on a disk that fills: once `room` is used up, the bytes being written fail as
// a full disk fails them, with an `ENOSPC` error mid-write (after the temp file has part of them).
// Everything else (reading, stat, deleting) is the real store's, so assets stored before keep serving.
export class FailingBlobStore extends FsBlobStore {
  room: DiskRoom = "unlimited";

  override put(source: Readable | AsyncIterable<Uint8Array>, options?: { maxBytes?: number; signal?: AbortSignal }): Promise<BlobInfo> {
    return super.put(this.metered(source), options);
  }

  private async *metered(source: Readable | AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
    for await (const chunk of source as AsyncIterable<Uint8Array>) {
      const room = this.room;
      if (room === "none" || (room !== "unlimited" && chunk.length > room.bytes)) {
        if (room !== "none" && room.bytes > 0) yield chunk.subarray(0, room.bytes);
        this.room = "none";
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });
      }
      if (room !== "unlimited") this.room = { bytes: room.bytes - chunk.length };
      yield chunk;
    }
  }
}

/**
 * Makes `blobStore()` (lib/storage) answer a FailingBlobStore on `<dataDir>/blobs` in this test
 * file: lib/storage keeps the process's store on globalThis, and each test file has its own.
 */
export function installFailingBlobStore(dataDir: string): FailingBlobStore {
  const store = new FailingBlobStore(path.join(dataDir, "blobs"));
  (globalThis as unknown as { studioBlobStore?: BlobStore }).studioBlobStore = store;
  return store;
}
