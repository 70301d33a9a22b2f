import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as assetRoute } from "@/app/api/assets/[id]/route";
import { POST as uploadRoute } from "@/app/api/uploads/route";
import { storeGeneratedImage } from "@/lib/images/store-result";
import { blobStore } from "@/lib/storage";
import { installFailingBlobStore, type FailingBlobStore } from "@/test/failing-blob-store";
import { session } from "@/test/session-double";
import { uploadRequest, useSessionStorage } from "@/test/session-storage";

// A disk that fills or refuses writes: the write fails with a clear 507 `storage_failed`, leaves no
// file (temp or blob) and no row behind, and what was stored before keeps serving.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

const storage = useSessionStorage("storage-full");
let disk: FailingBlobStore;
beforeAll(() => {
  disk = installFailingBlobStore(storage.dataDir);
});

const STORAGE_FAILED = { code: "storage_failed", message: "The studio could not store the result: its storage is full or refuses writes" };

const noisyPng = (seed: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: `#${seed.toString(16).padStart(6, "0")}`, noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();

function upload(body: Buffer) {
  return uploadRoute(uploadRequest("http://studio.test/api/uploads?purpose=beta", body, { "content-type": "image/png" }), { params: Promise.resolve({}) });
}

function storeResult(bytes: Buffer) {
  const client = { downloadResult: <T>(_url: string, { consume }: { consume: (body: ReadableStream<Uint8Array>) => Promise<T> }) => consume(new Response(new Uint8Array(bytes)).body!) };
  return storeGeneratedImage({ client, url: "https://upstream.test/result.png", ownerId: session.user!.id, teamId: null });
}

/** Every Asset row's blobs are on disk (no row points at a missing file). */
async function everyRowHasItsBlobs() {
  for (const asset of await storage.testDb.db.asset.findMany()) {
    expect(await blobStore().stat(asset.storageKey)).not.toBeNull();
    if (asset.thumbnailKey) expect(await blobStore().stat(asset.thumbnailKey)).not.toBeNull();
  }
}

describe("a disk that fills or refuses writes", () => {
  it.each([
    ["refuses every write", "none" as const],
    ["fills after 10 000 bytes", { bytes: 10_000 }],
  ])("an upload to a disk that %s → 507 storage_failed; no temp file, blob or row left", async (_, room) => {
    const before = await storage.stored();
    disk.room = room;
    const response = await upload(await noisyPng(1));
    disk.room = "unlimited";
    expect(response.status).toBe(507);
    expect((await response.json()).error).toMatchObject(STORAGE_FAILED);
    expect(await storage.stored()).toEqual(before);
    await everyRowHasItsBlobs();
  });

  it("a generated result whose write fails mid-way rejects with storage_failed; nothing left behind", async () => {
    const before = await storage.stored();
    disk.room = { bytes: 20_000 };
    const failure = await storeResult(await noisyPng(2)).catch((error: unknown) => error);
    disk.room = "unlimited";
    expect(failure).toMatchObject({ ...STORAGE_FAILED, status: 507 });
    expect(await storage.stored()).toEqual(before);
    await everyRowHasItsBlobs();
  });

  it("assets stored before keep serving while the disk refuses writes", async () => {
    const png = await noisyPng(3);
    const created = await upload(png);
    expect(created.status).toBe(201);
    const { asset } = (await created.json()) as { asset: { id: string } };
    disk.room = "none";
    try {
      const served = await assetRoute(new Request(`http://studio.test/api/assets/${asset.id}`), { params: Promise.resolve({ id: asset.id }) });
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    } finally {
      disk.room = "unlimited";
    }
    await everyRowHasItsBlobs();
  });
});
