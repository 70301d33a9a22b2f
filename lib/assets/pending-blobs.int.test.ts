import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { blobStore } from "@/lib/storage";
import { session } from "@/test/session-double";
import { useSessionStorage } from "@/test/session-storage";
import { holdBlob, releaseBlobs, removeUnusedBlobs } from "./pending-blobs";

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
