import { utimes } from "node:fs/promises";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { blobStore } from "@/lib/storage";
import { session } from "@/test/session-double";
import { useSessionStorage } from "@/test/session-storage";
import { ORPHAN_BLOB_GRACE_MS, STALE_HOLD_AFTER_MS, sweepOrphanBlobs } from "./sweep-orphan-blobs";

const storage = useSessionStorage("orphans");

const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE_MS = 60_000;

/** A blob whose bytes were last written `age` ago. */
async function blobWritten(text: string, age: number): Promise<string> {
  const { key } = await blobStore().put(Readable.from([Buffer.from(text)]));
  const file = await blobStore().localFile(key);
  await utimes(file.path, ago(age), ago(age));
  return key;
}

const exists = async (key: string) => (await blobStore().stat(key)) !== null;

describe("the orphan sweep", () => {
  it("removes old blobs nothing names and stale holds; keeps young, held and referenced blobs", async () => {
    const { db } = storage.testDb;
    const old = ORPHAN_BLOB_GRACE_MS + MINUTE_MS;
    const orphan = await blobWritten("nothing names me", old);
    const young = await blobWritten("a store is about to hold me", ORPHAN_BLOB_GRACE_MS - MINUTE_MS);
    const held = await blobWritten("a store under way holds me", old);
    const file = await blobWritten("an asset's file", old);
    const thumbnail = await blobWritten("an asset's thumbnail", old);
    const leftByCrash = await blobWritten("held by a process that crashed", old);

    await db.blobHold.create({ data: { key: held, createdAt: ago(STALE_HOLD_AFTER_MS - MINUTE_MS) } });
    await db.blobHold.create({ data: { key: leftByCrash, createdAt: ago(STALE_HOLD_AFTER_MS + MINUTE_MS) } });
    await db.asset.create({ data: { kind: "image", storageKey: file, thumbnailKey: thumbnail, sha256: file, bytes: 14n, mime: "image/png", ownerId: session.user!.id } });

    expect(await sweepOrphanBlobs(now)).toEqual({ blobs: 2, holds: 1 });

    expect(await exists(orphan)).toBe(false);
    expect(await exists(leftByCrash)).toBe(false);
    expect(await db.blobHold.findMany({ select: { key: true } })).toEqual([{ key: held }]);
    for (const kept of [young, held, file, thumbnail]) expect(await exists(kept)).toBe(true);

    expect(await sweepOrphanBlobs(now)).toEqual({ blobs: 0, holds: 0 });
  });
});
