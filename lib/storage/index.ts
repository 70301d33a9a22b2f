import "server-only";
import path from "node:path";
import { dataDir } from "@/lib/data-dir";
import { settings } from "@/lib/settings";
import type { BlobStore } from "./blob-store";
import { FsBlobStore } from "./fs-blob-store";
import { S3BlobStore, s3Client } from "./s3-blob-store";

const globalForBlobs = globalThis as unknown as { studioBlobStore?: BlobStore };

/** The process's blob store: the object store STORAGE_URL names, else the data directory's disk. */
export function blobStore(): BlobStore {
  globalForBlobs.studioBlobStore ??= createBlobStore();
  return globalForBlobs.studioBlobStore;
}

function createBlobStore(): BlobStore {
  const location = settings().STORAGE_URL;
  if (!location) return new FsBlobStore(path.join(dataDir(), "blobs"));
  // Decoders read files: blobs they need are downloaded here, each removed once read.
  return new S3BlobStore(s3Client(location), location, path.join(dataDir(), "tmp", "s3-local"));
}
