import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { adminStorageState, studioDataDir } from "../playwright.config";

test.use({ storageState: adminStorageState });

async function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 120, g: 40, b: 200 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

test("an uploaded asset is served whole and by byte range (206)", async ({ page, playwright, baseURL }) => {
  const png = await samplePng();
  const upload = await page.request.post("/api/uploads?purpose=alpha-v3", { data: png, headers: { "Content-Type": "image/png" } });
  expect(upload.status()).toBe(201);
  const { asset } = await upload.json();
  expect(asset).toMatchObject({ mime: "image/png", width: 320, height: 200, bytes: png.length });

  const whole = await page.request.get(asset.url);
  expect(whole.status()).toBe(200);
  expect(whole.headers()["content-type"]).toBe("image/png");
  expect(whole.headers()["accept-ranges"]).toBe("bytes");
  const etag = whole.headers()["etag"];
  expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
  expect(Buffer.compare(await whole.body(), png)).toBe(0);

  const partial = await page.request.get(asset.url, { headers: { Range: "bytes=100-299" } });
  expect(partial.status()).toBe(206);
  expect(partial.headers()["content-range"]).toBe(`bytes 100-299/${png.length}`);
  expect(Buffer.compare(await partial.body(), png.subarray(100, 300))).toBe(0);

  const suffix = await page.request.get(asset.url, { headers: { Range: "bytes=-50" } });
  expect(suffix.status()).toBe(206);
  expect(Buffer.compare(await suffix.body(), png.subarray(png.length - 50))).toBe(0);

  const outside = await page.request.get(asset.url, { headers: { Range: `bytes=${png.length + 10}-` } });
  expect(outside.status()).toBe(416);

  const notModified = await page.request.get(asset.url, { headers: { "If-None-Match": etag } });
  expect(notModified.status()).toBe(304);

  const thumb = await page.request.get(asset.thumbnailUrl);
  expect(thumb.headers()["content-type"]).toBe("image/webp");

  // Without a session the asset is not served (a fresh context, not the admin's stored state).
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  expect((await anonymous.get(asset.url)).status()).toBe(401);
  await anonymous.dispose();
});

test("an upload that is not a PNG or JPEG is refused by its magic bytes, naming the rule", async ({ page }) => {
  const gif = Buffer.from("474946383961010001000000002c00000000010001000002", "hex");
  const response = await page.request.post("/api/uploads?purpose=alpha-v3", { data: gif, headers: { "Content-Type": "image/png" } });
  expect(response.status()).toBe(415);
  const body = await response.json();
  expect(body.error.fields[0].field).toBe("file");
  expect(body.error.message).toContain("PNG or JPEG");
});

test("an upload over the purpose's size limit is refused with 413", async ({ page }) => {
  const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
  const response = await page.request.post("/api/uploads?purpose=alpha-v3", { data: big });
  expect(response.status()).toBe(413);
  expect((await response.json()).error.message).toContain("10 MB");
});

// Upstream services fetch reference images by direct link (spec 4.2 rule 4): a signed, expiring link
// works without a session; a tampered or expired one does not.
test("a signed asset link is served without a session until it expires", async ({ page, playwright, baseURL }) => {
  const png = await samplePng();
  const { asset } = await (await page.request.post("/api/uploads?purpose=alpha-v3", { data: png })).json();
  const { assetSigningKey } = JSON.parse(readFileSync(path.join(studioDataDir, "secrets.json"), "utf8"));
  const link = (exp: number) => `${asset.url}?exp=${exp}&sig=${createHmac("sha256", assetSigningKey).update(`${asset.id}.${exp}`).digest("base64url")}`;
  const future = Math.floor(Date.now() / 1000) + 600;

  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const signed = await anonymous.get(link(future));
  expect(signed.status()).toBe(200);
  expect(Buffer.compare(await signed.body(), png)).toBe(0);
  expect((await anonymous.get(link(future).replace("sig=", "sig=x"))).status()).toBe(401);
  expect((await anonymous.get(link(Math.floor(Date.now() / 1000) - 1))).status()).toBe(401);
  await anonymous.dispose();
});
