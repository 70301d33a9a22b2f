import { createHash } from "node:crypto";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as assetRoute } from "@/app/api/assets/[id]/route";
import { toAssetDto } from "@/lib/assets/asset-dto";
import { blobFiles } from "@/lib/assets/test-support";
import { makeThumbnail } from "@/lib/assets/thumbnail";
import { THUMBNAIL_DELAY_SECONDS, WORK_QUEUES } from "@/lib/jobs/work-queues";
import { blobStore } from "@/lib/storage";
import { startTestJobWorker, type TestJobWorker } from "@/test/job-worker";
import { session } from "@/test/session-double";
import { useSessionStorage } from "@/test/session-storage";
import { storeGeneratedImage } from "./store-result";

// Results of the image service, stored as storeGeneratedImage stores them: the row only
// once the blob is durable, the thumbnail after the row, made by a worker's thumbnail queue (here in
// the test process) or by the page that asks first. The download is the one part stood in for.
vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
vi.mock("@/lib/auth/current-user", () => import("@/test/session-double"));

// The storage keys (sha256 of the image) whose next thumbnail making fails as an unreachable store would.
const failOnce = new Set<string>();
vi.mock("@/lib/assets/thumbnail", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/assets/thumbnail")>();
  return {
    ...actual,
    makeThumbnail: vi.fn(async (storageKey: string, signal?: AbortSignal) => {
      if (failOnce.delete(storageKey)) throw new Error("the blob store did not answer");
      return actual.makeThumbnail(storageKey, signal);
    }),
  };
});

const storage = useSessionStorage("results");
let worker: TestJobWorker;
beforeAll(async () => {
  worker = await startTestJobWorker(storage.testDb.url);
});
afterAll(async () => {
  await worker?.stop();
});
afterEach(() => vi.restoreAllMocks());

const makings = (storageKey: string) => vi.mocked(makeThumbnail).mock.calls.filter(([key]) => key === storageKey).length;

type ThumbnailRun = { state: string; retryCount: number; startAfter: Date; createdOn: Date };

/** The asset's runs on the thumbnail queue. */
function thumbnailRuns(assetId: string): Promise<ThumbnailRun[]> {
  return storage.testDb.db.$queryRaw<ThumbnailRun[]>`
    SELECT state::text AS state, retry_count AS "retryCount", start_after AS "startAfter", created_on AS "createdOn"
    FROM pgboss.job WHERE name = ${WORK_QUEUES.thumbnails.name} AND singleton_key = ${assetId}`;
}

const png = (width: number) => sharp({ create: { width, height: 600, channels: 3, background: "#c63" } }).png().toBuffer();

function store(bytes: Uint8Array) {
  const client = { downloadResult: <T>(_url: string, { consume }: { consume: (body: ReadableStream<Uint8Array>) => Promise<T> }) => consume(new Response(new Uint8Array(bytes)).body!) };
  return storeGeneratedImage({ client, url: "https://upstream.test/result.png", ownerId: session.user!.id, teamId: null });
}

const thumb = (id: string) => assetRoute(new Request(`http://studio.test/api/assets/${id}?variant=thumb`), { params: Promise.resolve({ id }) });

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  for (let i = 0; i < timeoutMs / 25; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("timed out");
}

describe("storing a generated image", () => {
  it("creates the row only once the blob is in place (written, fsynced, renamed)", async () => {
    const bytes = await png(800);
    const transaction = storage.testDb.db.$transaction.bind(storage.testDb.db) as (...args: unknown[]) => Promise<unknown>;
    const blobsAtCreate: string[] = [];
    // The row is created in a transaction with the end of its blob's hold.
    vi.spyOn(storage.testDb.db, "$transaction").mockImplementationOnce((async (...args: unknown[]) => {
      // FsBlobStore renames a blob into place only after fsyncing it, so a blob at its key is durable.
      for await (const blob of blobStore().list()) blobsAtCreate.push(blob.key);
      return transaction(...args);
    }) as never);
    const asset = await store(bytes);
    expect(blobsAtCreate).toContain(asset.storageKey);
    expect(await blobStore().stat(asset.storageKey)).toEqual({ bytes: bytes.length });
    expect(asset).toMatchObject({ mime: "image/png", width: 800, height: 600 });
  });

  it("answers before the thumbnail exists; the thumb link works before and after it arrives", async () => {
    const asset = await store(await png(801));
    expect(asset.thumbnailKey).toBeNull();
    expect(toAssetDto(asset).thumbnailUrl).toBe(`/api/assets/${asset.id}?variant=thumb`);

    const early = await thumb(asset.id);
    expect(early.status).toBe(200);
    expect(early.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await early.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 384, height: 288 });

    const row = await storage.testDb.db.asset.findUniqueOrThrow({ where: { id: asset.id } });
    expect(await blobStore().stat(row.thumbnailKey!)).toBeTruthy();
    const later = await thumb(asset.id);
    expect(later.headers.get("etag")).toBe(`"${row.thumbnailKey}"`);
    // The queued run, a second later, finds the row's thumbnail and makes none of its own.
    const [run] = await eventually(() => thumbnailRuns(asset.id), (runs) => runs[0]?.state === "completed");
    expect(run.retryCount).toBe(0);
    expect(makings(asset.storageKey)).toBe(1);
  });

  it("queues the thumbnail with the row, a second later, and a worker makes it with no page asking", async () => {
    const first = await store(await png(803));
    const second = await store(await png(804));
    for (const asset of [first, second]) {
      const [run] = await thumbnailRuns(asset.id);
      expect(run.startAfter.getTime() - run.createdOn.getTime()).toBeGreaterThanOrEqual(THUMBNAIL_DELAY_SECONDS * 1000);
      const row = await eventually(() => storage.testDb.db.asset.findUniqueOrThrow({ where: { id: asset.id } }), (found) => found.thumbnailKey !== null);
      expect(await sharp(await buffer(await blobStore().get(row.thumbnailKey!))).metadata()).toMatchObject({ format: "webp", width: 384 });
    }
  });

  it("retries a thumbnail whose making failed, until it is made", async () => {
    const bytes = await png(805);
    failOnce.add(createHash("sha256").update(bytes).digest("hex"));
    const asset = await store(bytes);
    const row = await eventually(() => storage.testDb.db.asset.findUniqueOrThrow({ where: { id: asset.id } }), (found) => found.thumbnailKey !== null, 15_000);
    expect(await blobStore().stat(row.thumbnailKey!)).toBeTruthy();
    expect(makings(asset.storageKey)).toBe(2);
    expect((await thumbnailRuns(asset.id))[0]).toMatchObject({ state: "completed", retryCount: 1 });
  });

  it("serves the image whole on the thumb link when no thumbnail can be made, and does not retry its decode", async () => {
    // A PNG cut off after its header passes the header check; its decode, after the row, fails.
    const whole = await png(802);
    const asset = await store(whole.subarray(0, 2000));
    const [run] = await eventually(() => thumbnailRuns(asset.id), (runs) => runs[0]?.state === "completed");
    expect(run.retryCount).toBe(0);
    const answer = await thumb(asset.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
  });

  it("refuses bytes that are not an image and keeps no blob", async () => {
    const before = (await blobFiles(path.join(storage.dataDir, "blobs"))).sort();
    const rows = await storage.testDb.db.asset.count();
    await expect(store(new TextEncoder().encode("<html>not an image</html>".repeat(50)))).rejects.toThrow();
    expect((await blobFiles(path.join(storage.dataDir, "blobs"))).sort()).toEqual(before);
    expect(await storage.testDb.db.asset.count()).toBe(rows);
  });
});
