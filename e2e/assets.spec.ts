import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { pngBomb } from "../lib/assets/test-support";
import { adminStorageState, studioDataDir } from "../playwright.config";
import { newMember, signUp } from "./accounts";

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

// The web entry (scripts/web.ts) answers delivery URLs of local files before Next; what it does not
// serve (a forged signature here) Next's route refuses.
test("a delivery URL is served by range and as 304 without a session, and refused with 403 once tampered", async ({ page, playwright, baseURL }) => {
  const png = await samplePng();
  const { asset } = await (await page.request.post("/api/uploads?purpose=alpha-v3", { data: png, headers: { "Content-Type": "image/png" } })).json();
  const url: string = asset.delivery.url;
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });

  const partial = await anonymous.get(url, { headers: { Range: "bytes=100-299" } });
  expect(partial.status()).toBe(206);
  expect(partial.headers()["content-range"]).toBe(`bytes 100-299/${png.length}`);
  expect(partial.headers()["content-type"]).toBe("image/png");
  expect(partial.headers()["x-content-type-options"]).toBe("nosniff");
  expect(partial.headers()["content-security-policy"]).toContain("sandbox");
  expect(Buffer.compare(await partial.body(), png.subarray(100, 300))).toBe(0);

  const etag = partial.headers()["etag"];
  expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
  expect((await anonymous.get(url, { headers: { "If-None-Match": etag } })).status()).toBe(304);

  const signature = new URL(url, baseURL).searchParams.get("s")!;
  const tampered = url.replace(`s=${signature}`, `s=${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`);
  const refused = await anonymous.get(tampered);
  expect(refused.status()).toBe(403);
  const body = await refused.json();
  expect(body.error.code).toBe("forbidden");
  expect(body.requestId).toBe(refused.headers()["x-request-id"]);
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

test("a purpose from the prototype chain is refused with 400 and its body is not stored", async ({ page }) => {
  const body = Buffer.alloc(12_000_000, 1);
  for (const purpose of ["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"]) {
    const response = await page.request.post(`/api/uploads?purpose=${purpose}`, { data: body, headers: { "Content-Type": "image/png" } });
    expect(response.status(), purpose).toBe(400);
    expect((await response.json()).error.fields).toEqual([{ field: "purpose", message: "must be one of alpha-v3, alpha-v35, beta, video" }]);
  }
  const html = await page.request.post("/api/uploads?purpose=alpha-v3", { data: await samplePng(), headers: { "Content-Type": "text/html" } });
  expect(html.status()).toBe(415);
  expect((await html.json()).error.fields[0].field).toBe("Content-Type");
});

test("a 20000×20000 PNG and a PNG header followed by garbage are refused, naming the rule", async ({ page }) => {
  const bomb = await page.request.post("/api/uploads?purpose=alpha-v3", { data: pngBomb(20_000, 1), headers: { "Content-Type": "image/png" } });
  expect(bomb.status()).toBe(413);
  expect((await bomb.json()).error.message).toContain("20000×20000 pixels");
  const png = await samplePng();
  const garbage = Buffer.concat([png.subarray(0, 33), Buffer.alloc(5000, 0x5a)]);
  const broken = await page.request.post("/api/uploads?purpose=alpha-v3", { data: garbage, headers: { "Content-Type": "image/png" } });
  expect(broken.status()).toBe(415);
  expect((await broken.json()).error.message).toBe("The file is not a readable image");
});

// Everything a user makes is private until shared: a member can neither list nor
// open another's upload by any route (bytes, thumbnail, download, meta; GET and HEAD). A site admin
// may open anyone's (owner, team and site admins), but their picker lists only their own.
test("a private upload is its owner's only; a site admin may open it but is not offered it", async ({ page, browser, baseURL }) => {
  const { asset: adminAsset } = await (await page.request.post("/api/uploads?purpose=alpha-v3", { data: await samplePng(), headers: { "Content-Type": "image/png" } })).json();
  const memberContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const memberPage = await memberContext.newPage();
  await signUp(memberPage, newMember("assets"));
  const member = memberPage.request;
  const memberPng = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 10, g: 200, b: 90 } } }).png().toBuffer();
  const { asset: memberAsset } = await (await member.post("/api/uploads?purpose=alpha-v3", { data: memberPng, headers: { "Content-Type": "image/png" } })).json();

  const links = (asset: { url: string; thumbnailUrl: string; downloadUrl: string }) => [asset.url, asset.thumbnailUrl, asset.downloadUrl, `${asset.url}/meta`];
  for (const [viewer, own, other, otherStatus] of [
    [member, memberAsset, adminAsset, 404],
    [page.request, adminAsset, memberAsset, 200],
  ] as const) {
    const listed = (await (await viewer.get("/api/assets?kind=input")).json()).items.map((asset: { id: string }) => asset.id);
    expect(listed).toContain(own.id);
    expect(listed).not.toContain(other.id);
    for (const link of links(own)) {
      expect((await viewer.get(link)).status(), link).toBe(200);
      expect((await viewer.head(link)).status(), `HEAD ${link}`).toBe(200);
    }
    for (const link of links(other)) {
      expect((await viewer.get(link)).status(), link).toBe(otherStatus);
      expect((await viewer.head(link)).status(), `HEAD ${link}`).toBe(otherStatus);
    }
  }
  await memberContext.close();
});

// The picker asks the server for the types its form accepts, so a PNG behind a page (40) of newer
// WebP uploads is still offered, instead of "No images yet".
test("the asset picker finds a PNG behind more than a page of other types", async ({ page }) => {
  const png = await sharp({ create: { width: 333, height: 222, channels: 3, background: { r: 200, g: 120, b: 30 } } }).png().toBuffer();
  expect((await page.request.post("/api/uploads?purpose=alpha-v3", { data: png, headers: { "Content-Type": "image/png" } })).status()).toBe(201);
  for (let i = 0; i < 41; i += 1) {
    const webp = await sharp({ create: { width: 20 + i, height: 20, channels: 3, background: { r: i, g: 10, b: 10 } } }).webp().toBuffer();
    expect((await page.request.post("/api/uploads?purpose=beta", { data: webp, headers: { "Content-Type": "image/webp" } })).status()).toBe(201);
  }
  await page.goto("/alpha");
  await page.getByRole("button", { name: "pick from your images" }).click();
  const picker = page.getByRole("dialog");
  await expect(picker.getByRole("button", { name: "Pick image 333×222" })).toBeVisible();
  await expect(picker.getByRole("button", { name: /^Pick image 2\d×20$/ })).toHaveCount(0);
});
