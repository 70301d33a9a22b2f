import "server-only";
import path from "node:path";
import { dataDir } from "@/lib/data-dir";
import type { BlobStore } from "./blob-store";
import { FsBlobStore } from "./fs-blob-store";

const globalForBlobs = globalThis as unknown as { studioBlobStore?: BlobStore };

export function blobStore(): BlobStore {
  globalForBlobs.studioBlobStore ??= new FsBlobStore(path.join(dataDir(), "blobs"));
  return globalForBlobs.studioBlobStore;
}
