import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { advisoryXactLock } from "@/lib/db/advisory-lock";
import { blobStore } from "@/lib/storage";
import { session } from "@/test/session-double";
import { useSessionStorage } from "@/test/session-storage";
import sharp from "sharp";
import { deleteBlobIfUnused, holdBlob, releaseBlobs, removeUnusedBlobs } from "./pending-blobs";
import { storeImage } from "./store-image";

const storage = useSessionStorage("holds");

const putBlob = async (text: string) => (await blobStore().put(Readable.from([Buffer.from(text)]))).key;

describe("blob holds are rows every process sees", () => {
  it("keeps a blob another process holds (a row in the database, not this process's memory) until that hold ends", async () => {
    const key = await putBlob("held by another process");
    // Another web process or worker, storing the same bytes, took this hold.
    const elsewhere = await storage.testDb.db.blobHold.create({ data: { key } });
    await removeUnusedBlobs([key]);
    expect(await blobStore().stat(key)).not.toBeNull();
    await storage.testDb.db.blobHold.delete({ where: { id: elsewhere.id } });
    await removeUnusedBlobs([key]);
    expect(await blobStore().stat(key)).toBeNull();
  });

  it("lets go of a hold without removing a blob another hold or an Asset row names", async () => {
    const key = await putBlob("shared by two stores");
    const first = await holdBlob(key);
    const second = await holdBlob(key);
    await releaseBlobs([first], false);
    expect(await blobStore().stat(key)).not.toBeNull();
    expect(await storage.testDb.db.blobHold.count({ where: { key } })).toBe(1);

    await storage.testDb.db.asset.create({ data: { kind: "input", storageKey: key, sha256: key, bytes: 20n, mime: "image/png", ownerId: session.user!.id } });
    await releaseBlobs([second], false);
    expect(await blobStore().stat(key)).not.toBeNull();
    expect(await storage.testDb.db.blobHold.count({ where: { key } })).toBe(0);
  });
});

describe("a store's holds end with the row it records", () => {
  it("a stored image's row keeps its blob and its thumbnail's, and no hold is left on either", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } }).png().toBuffer();
    const asset = await storeImage({ source: Readable.from([png]), ownerId: session.user!.id, teamId: null, kind: "input", allowedMimes: ["image/png"], maxBytes: 1_000_000, decode: "before-row" });
    const keys = [asset.storageKey, asset.thumbnailKey!];
    for (const key of keys) expect(await blobStore().stat(key)).not.toBeNull();
    expect(await storage.testDb.db.blobHold.count({ where: { key: { in: keys } } })).toBe(0);
  });
});

describe("a hold and a delete of the same blob never interleave across processes", () => {
  /**
   * Runs `body` inside a transaction holding `key`'s blob lock, as another process between its check
   * and its act; `waitForWaiter` answers once something else waits for that lock.
   */
  async function asOtherProcessHoldingLock(key: string, body: (waitForWaiter: () => Promise<void>) => Promise<void>) {
    await storage.testDb.db.$transaction(async (tx) => {
      await advisoryXactLock(tx, "blob-key", key);
      await body(async () => {
        while (Number((await storage.testDb.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)[0]!.n) === 0) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
    });
  }

  it("keeps a blob whose hold another process is taking while the delete checks it", async () => {
    const key = await putBlob("held while the delete checks");
    let deleting!: Promise<boolean>;
    await asOtherProcessHoldingLock(key, async (waitForWaiter) => {
      deleting = deleteBlobIfUnused(key);
      // The delete either waits for this process's hold or, unguarded, finishes first.
      await Promise.race([waitForWaiter(), deleting]);
      await storage.testDb.db.blobHold.create({ data: { key } });
    });
    expect(await deleting).toBe(false);
    expect(await blobStore().stat(key)).not.toBeNull();
  });

  it("refuses a hold on a blob another process deleted between the put and the hold", async () => {
    const key = await putBlob("deleted before the hold");
    let holding!: Promise<unknown>;
    await asOtherProcessHoldingLock(key, async (waitForWaiter) => {
      holding = holdBlob(key).catch((error: unknown) => error);
      await Promise.race([waitForWaiter(), holding]);
      await blobStore().delete(key);
    });
    expect(await holding).toMatchObject({ code: "conflict" });
    expect(await storage.testDb.db.blobHold.count({ where: { key } })).toBe(0);
  });
});
