import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FsBlobStore } from "@/lib/storage/fs-blob-store";
import { deliverSigned } from "./deliver-signed";
import { DELIVERY_REFRESH_MS, DELIVERY_URL_TTL_SECONDS } from "./delivery-lifetime";
import { signDeliveryPath, type DeliveryQuery } from "./delivery-url";

const store = vi.hoisted(() => ({ current: undefined as unknown as FsBlobStore }));
vi.mock("@/lib/storage", () => ({ blobStore: () => store.current }));

let root: string;
let key: string;
let thumbKey: string;
const now = Date.UTC(2026, 10, 27, 3);
const bytes = Buffer.from("0123456789abcdefghij");

beforeAll(async () => {
  process.env.ASSET_SIGNING_KEY = "k".repeat(40);
  process.env.AUTH_SECRET = "s".repeat(40);
  root = await mkdtemp(path.join(os.tmpdir(), "delivery-"));
  store.current = new FsBlobStore(root);
  key = (await store.current.put(Readable.from([bytes]))).key;
  thumbKey = (await store.current.put(Readable.from([Buffer.from("thumb")]))).key;
});
afterAll(() => rm(root, { recursive: true, force: true }));

function mint(variant: "file" | "thumb" | "download", assetId = "asset-1", storageKey = key) {
  const url = new URL(signDeliveryPath({ assetId, variant, storageKey, mime: "image/png", fileName: "studio-image-asset-1.png" }, now), "http://studio.test");
  return { id: url.pathname.split("/").pop()!, query: Object.fromEntries(url.searchParams) as DeliveryQuery };
}

function get(headers: Record<string, string> = {}) {
  return new Request("http://studio.test/api/delivery/x", { headers });
}

async function refusal(id: string, query: DeliveryQuery, at = now) {
  const spies = [vi.spyOn(store.current, "stat"), vi.spyOn(store.current, "get")];
  const outcome = await deliverSigned(id, query, get(), at).then(
    () => "served",
    (error: { code?: string }) => error.code,
  );
  // Refused before the store is touched: nothing is read for a link that does not hold.
  if (outcome !== "served") for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  for (const spy of spies) spy.mockRestore();
  return outcome;
}

describe("signed delivery", () => {
  it("serves the file with its type, a strong ETag, ranges, 304 and its disposition", async () => {
    const { id, query } = mint("file");
    const whole = await deliverSigned(id, query, get(), now);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    expect(whole.headers.get("content-type")).toBe("image/png");
    expect(whole.headers.get("content-disposition")).toBe('inline; filename="studio-image-asset-1.png"');
    const etag = whole.headers.get("etag")!;
    expect(etag).toBe(`"${key}"`);

    const part = await deliverSigned(id, query, get({ range: "bytes=5-9" }), now);
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 5-9/${bytes.length}`);
    expect(await part.text()).toBe("56789");

    expect((await deliverSigned(id, query, get({ "if-none-match": etag }), now)).status).toBe(304);

    const download = mint("download");
    const attachment = await deliverSigned(download.id, download.query, get(), now);
    expect(attachment.headers.get("content-disposition")).toBe('attachment; filename="studio-image-asset-1.png"');
  });

  it("refuses a tampered, expired, other asset's or variant-swapped link without reading anything", async () => {
    const { id, query } = mint("file");
    const flipped = query.s.startsWith("A") ? `B${query.s.slice(1)}` : `A${query.s.slice(1)}`;
    expect(await refusal(id, { ...query, s: flipped })).toBe("forbidden");
    expect(await refusal(id, { ...query, k: thumbKey })).toBe("forbidden");
    expect(await refusal(id, { ...query, m: "image/jpeg" })).toBe("forbidden");
    expect(await refusal(id, { ...query, n: "other.png" })).toBe("forbidden");
    expect(await refusal(id, { ...query, e: String(Number(query.e) + 3600) })).toBe("forbidden");
    expect(await refusal("asset-2", query)).toBe("forbidden");
    expect(await refusal(id, { ...query, v: "download" })).toBe("forbidden");
    expect(await refusal(id, { ...query, v: "thumb" })).toBe("forbidden");
    // A link handed out before an unshare or a delete keeps working only until it expires.
    const expiry = Number(query.e) * 1000;
    expect(expiry - now).toBeGreaterThanOrEqual(DELIVERY_REFRESH_MS);
    expect(expiry - now).toBeLessThanOrEqual(DELIVERY_URL_TTL_SECONDS * 1000);
    expect(await refusal(id, query, expiry - 1000)).toBe("served");
    expect(await refusal(id, query, expiry)).toBe("forbidden");
  });
});
