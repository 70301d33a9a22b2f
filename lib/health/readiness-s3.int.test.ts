import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadSettings } from "@/lib/settings";
import { blobStore } from "@/lib/storage";
import type { BlobStore } from "@/lib/storage/blob-store";
import { S3BlobStore } from "@/lib/storage/s3-blob-store";
import { createTestDb, type TestDb } from "@/test/db";
import { TEST_BUCKET, useS3Server } from "@/test/s3-server";
import { checkReadiness } from "./readiness";

// The readiness check of an instance whose blobs are in an object store (STORAGE_URL): the store's
// probe is what tells a load balancer that storage takes writes.
const s3 = useS3Server();
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.close();
});

function useStorageUrl(bucket: string) {
  vi.stubEnv("STORAGE_URL", `s3://${bucket}/ready?endpoint=${s3.location().endpoint}&forcePathStyle=1`);
  loadSettings();
  (globalThis as { studioBlobStore?: BlobStore }).studioBlobStore = undefined;
}

describe("readiness on an object store", () => {
  it("checks that the object store takes writes", async () => {
    useStorageUrl(TEST_BUCKET);
    expect(blobStore()).toBeInstanceOf(S3BlobStore);
    expect((await checkReadiness()).checks.storage).toEqual({ ok: true, detail: "takes writes" });
  });

  it("is not ready when the object store refuses writes", async () => {
    useStorageUrl("no-such-bucket");
    expect((await checkReadiness()).checks.storage).toEqual({ ok: false, detail: "unreachable or failing" });
  });
});
