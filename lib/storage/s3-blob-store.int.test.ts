import { access, mkdtemp, rm } from "node:fs/promises";
import { createServer, type AddressInfo, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useS3Server } from "@/test/s3-server";
import { describeBlobStoreContract } from "./blob-store-contract";
import { PROBE_TIMEOUT_MS, S3BlobStore, s3Client } from "./s3-blob-store";

const s3 = useS3Server();
let localDir: string;
beforeAll(async () => {
  localDir = await mkdtemp(path.join(os.tmpdir(), "s3-local-"));
});
afterAll(() => rm(localDir, { recursive: true, force: true }));

function freshStore(prefix?: string) {
  const location = s3.location(prefix);
  const client = s3Client(location);
  return {
    store: new S3BlobStore(client, location, localDir),
    storedObjects: async () => {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: location.bucket, Prefix: location.prefix }));
      return (listing.Contents ?? []).map((object) => object.Key!);
    },
  };
}

describeBlobStoreContract("S3BlobStore", async () => freshStore());

describe("S3BlobStore", () => {
  it("keeps blobs under <prefix>blobs/<sha256>", async () => {
    const { store, storedObjects } = freshStore("team-a/assets/");
    const info = await store.put(Readable.from([Buffer.from("where")]));
    expect(await storedObjects()).toEqual([`team-a/assets/blobs/${info.key}`]);
  });

  it("removes a blob's downloaded local file when it is released", async () => {
    const { store } = freshStore();
    const info = await store.put(Readable.from([Buffer.from("downloaded")]));
    const file = await store.localFile(info.key);
    expect(path.dirname(file.path)).toBe(localDir);
    await file.release();
    await expect(access(file.path)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("fails its probe when the bucket does not exist", async () => {
    const location = { ...s3.location(), bucket: "no-such-bucket" };
    await expect(new S3BlobStore(s3Client(location), location, localDir).probe()).rejects.toMatchObject({ name: "NoSuchBucket" });
  });

  it("fails its probe in time when the store takes the connection but never answers", async () => {
    await withSilentEndpoint(async (endpoint) => {
      const location = { ...s3.location(), endpoint };
      const started = performance.now();
      await expect(new S3BlobStore(s3Client(location), location, localDir).probe()).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(PROBE_TIMEOUT_MS + 2_000);
    });
  });

  it("refuses a get and a stat as storage_unavailable once a silent store's timeout has passed", async () => {
    await withSilentEndpoint(async (endpoint) => {
      const location = { ...s3.location(), endpoint };
      const timeouts = { connectMs: 300, requestMs: 300, idleMs: 300 };
      const store = new S3BlobStore(s3Client(location, timeouts), location, localDir);
      const key = "a".repeat(64);
      const started = performance.now();
      await expect(store.get(key)).rejects.toMatchObject({ code: "storage_unavailable" });
      await expect(store.stat(key)).rejects.toMatchObject({ code: "storage_unavailable" });
      // Each call makes the SDK's three attempts, with backoff between them.
      expect(performance.now() - started).toBeLessThan(2 * (3 * timeouts.requestMs + 1_000));
    });
  });
});

/** Runs `body` against an endpoint that accepts connections and never answers. */
async function withSilentEndpoint(body: (endpoint: string) => Promise<void>) {
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  try {
    await body(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
  } finally {
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
}
