import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { S3BlobStore, s3Client } from "@/lib/storage/s3-blob-store";
import { useS3Server } from "@/test/s3-server";
import { deliverSigned } from "./deliver-signed";
import { signDeliveryPath, type DeliveryQuery } from "./delivery-url";

const store = vi.hoisted(() => ({ current: undefined as unknown as S3BlobStore }));
vi.mock("@/lib/storage", () => ({ blobStore: () => store.current }));

const s3 = useS3Server();
let localDir: string;
beforeAll(async () => {
  process.env.ASSET_SIGNING_KEY = "k".repeat(40);
  process.env.AUTH_SECRET = "s".repeat(40);
  localDir = await mkdtemp(path.join(os.tmpdir(), "s3-delivery-"));
  const location = s3.location();
  store.current = new S3BlobStore(s3Client(location), location, localDir);
});
afterAll(() => rm(localDir, { recursive: true, force: true }));

describe("signed delivery from an object store", () => {
  it("redirects to a presigned GET that serves ranges with the file's type and disposition, without the studio", async () => {
    const bytes = Buffer.from("0123456789abcdefghij");
    const { key } = await store.current.put(Readable.from([bytes]));
    const now = Date.now();
    const url = new URL(signDeliveryPath({ assetId: "asset-1", variant: "download", storageKey: key, mime: "image/png", fileName: "studio-image-asset-1.png" }, now), "http://studio.test");
    const answer = await deliverSigned("asset-1", Object.fromEntries(url.searchParams) as DeliveryQuery, new Request(url), now);
    expect(answer.status).toBe(302);
    const presigned = answer.headers.get("location")!;
    expect(presigned).toContain("X-Amz-Signature=");

    const part = await fetch(presigned, { headers: { Range: "bytes=5-9" } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("56789");
    expect(part.headers.get("content-type")).toBe("image/png");
    expect(part.headers.get("content-disposition")).toBe('attachment; filename="studio-image-asset-1.png"');
    const etag = part.headers.get("etag")!;
    expect((await fetch(presigned, { headers: { "If-None-Match": etag } })).status).toBe(304);
  });
});
