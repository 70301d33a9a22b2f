import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Download, type Page } from "@playwright/test";
import { initializeCanvas, readPsd, type Layer } from "ag-psd";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { testAsNewMember } from "./member-test";
import { settleJobs } from "./settle-jobs";

// The beta page against the emulator: a pro layer decomposition edited and exported, a
// lite group stepped through and downloaded, a HEIC reference converted and used, and a field the
// chosen model does not take refused in the form before anything is sent.
const test = testAsNewMember("beta");

// ag-psd reads pixel data without a canvas when asked for image data; it still wants a factory.
initializeCanvas(
  () => {
    throw new Error("no canvas under Node");
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: "srgb" }) as ImageData,
);

test.beforeEach(async ({ page }) => {
  await settleJobs(page.request);
});

async function photoPng(): Promise<Buffer> {
  const svg = `<svg width="800" height="600" xmlns="http://www.w3.org/2000/svg"><rect width="800" height="600" fill="#1d4ed8"/><circle cx="260" cy="300" r="170" fill="#f59e0b"/><rect x="470" y="120" width="240" height="360" fill="#10b981"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function attach(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId("beta-file-input").setInputFiles(file);
  await expect(page.getByText(/^1\/\d+$/)).toBeVisible({ timeout: 30_000 });
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return { download, bytes: await readFile((await download.path())!) };
}

/** The composite canvas's pixels, as a data URL (it changes when what is visible changes). */
async function compositePixels(page: Page): Promise<string> {
  const canvas = page.getByTestId("layer-composite");
  await expect(canvas).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
  return canvas.evaluate((element) => (element as HTMLCanvasElement).toDataURL("image/png"));
}

test("a pro layer decomposition: hiding a layer changes the composite; the .ora and .psd hold every layer with alpha", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/beta");
  await page.getByRole("textbox", { name: "Prompt" }).fill("split this poster into 5 layers");
  await attach(page, { name: "poster.png", mimeType: "image/png", buffer: await photoPng() });
  await page.getByRole("switch", { name: /Layer decomposition/ }).click();
  await page.getByTestId("beta-generate").click();

  const panel = page.getByTestId("layer-panel").first();
  await expect(panel).toBeVisible({ timeout: 60_000 });
  const rows = panel.getByTestId("layer-row");
  await expect(rows).toHaveCount(6);
  // The rows' thumbnails are delivery URLs, minted with the history.
  await expect(rows.first().locator("img")).toHaveAttribute("src", /^\/api\/delivery\/[0-9a-f-]{36}\?v=thumb&/);

  const before = await compositePixels(page);
  await rows.first().getByTestId("layer-visibility").click();
  await expect(page.getByTestId("layer-composite")).toHaveAttribute("data-visible-layers", "5");
  const after = await compositePixels(page);
  expect(after).not.toBe(before);
  await rows.first().getByTestId("layer-visibility").click();
  await expect(page.getByTestId("layer-composite")).toHaveAttribute("data-visible-layers", "6");

  const ora = await downloadOf(page, () => panel.getByTestId("export-ora").click());
  expect(ora.download.suggestedFilename()).toMatch(/\.ora$/);
  const files = unzipSync(new Uint8Array(ora.bytes));
  expect(Object.keys(files)[0]).toBe("mimetype");
  expect(strFromU8(files.mimetype)).toBe("image/openraster");
  const stack = strFromU8(files["stack.xml"]);
  const sources = [...stack.matchAll(/<layer\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);
  expect(sources).toHaveLength(6);
  for (const source of sources) {
    const meta = await sharp(Buffer.from(files[source])).metadata();
    expect(meta.format).toBe("png");
    expect(meta.hasAlpha).toBe(true);
  }

  const psdFile = await downloadOf(page, () => panel.getByTestId("export-psd").click());
  expect(psdFile.download.suggestedFilename()).toMatch(/\.psd$/);
  const psd = readPsd(psdFile.bytes, { useImageData: true });
  const layers = (psd.children ?? []) as Layer[];
  expect(layers).toHaveLength(6);
  expect(layers.map((layer) => layer.name)).toContain("Base image");
  for (const layer of layers.filter((layer) => layer.name !== "Base image")) {
    const data = layer.imageData!.data;
    const alphas = new Set<number>();
    for (let i = 3; i < data.length; i += 4) alphas.add(data[i]);
    // A cut-out layer is transparent around its shape: alpha takes more than one value.
    expect(alphas.size).toBeGreaterThan(1);
  }

  // The gallery entry of the set offers the same layer panel and exports, placement included.
  await page.goto("/gallery?q=split");
  await page.getByTestId("gallery-tile").first().getByRole("link").click();
  const galleryPanel = page.getByTestId("layer-panel");
  await expect(galleryPanel.getByTestId("layer-row")).toHaveCount(6, { timeout: 30_000 });
  const zip = await downloadOf(page, () => galleryPanel.getByTestId("export-zip").click());
  const zipped = unzipSync(new Uint8Array(zip.bytes));
  const placement = JSON.parse(strFromU8(zipped["layers.json"])) as unknown[] | { layers: unknown[] };
  expect(Array.isArray(placement) ? placement.length : placement.layers.length).toBeGreaterThanOrEqual(5);
  await expect(galleryPanel.getByTestId("export-ora")).toBeVisible();
  await expect(galleryPanel.getByTestId("export-psd")).toBeVisible();
});

test("a lite group of 4 is shown as one set, stepped through with the keyboard and downloaded as a ZIP", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/beta");
  await page.getByRole("radio", { name: "Lite" }).click();
  await page.getByRole("textbox", { name: "Prompt" }).fill("4 images of a fox through the four seasons");
  await page.getByRole("switch", { name: /Group images/ }).click();
  await page.getByTestId("beta-generate").click();

  const group = page.getByTestId("group-set").first();
  await expect(group).toBeVisible({ timeout: 60_000 });
  await expect(group.getByTestId("group-item")).toHaveCount(4);
  // The history's images are delivery URLs, minted with the history's answer.
  const tiles = await group.getByTestId("group-item").locator("img").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("src")));
  expect(tiles).toHaveLength(4);
  for (const src of tiles) expect(src).toMatch(/^\/api\/delivery\/[0-9a-f-]{36}\?v=thumb&/);

  await group.getByRole("button", { name: "Open image 1 of 4" }).click();
  const viewer = page.getByTestId("group-viewer");
  await expect(viewer).toBeVisible();
  await expect(page.getByTestId("group-viewer-position")).toHaveText("Image 1 of 4");
  await expect(page.getByTestId("group-viewer-image")).toHaveAttribute("src", /^\/api\/delivery\/[0-9a-f-]{36}\?v=file&/);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("group-viewer-position")).toHaveText("Image 3 of 4");
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  const zip = await downloadOf(page, () => group.getByTestId("group-download-all").click());
  expect(zip.download.suggestedFilename()).toMatch(/\.zip$/);
  const images = Object.entries(unzipSync(new Uint8Array(zip.bytes))).filter(([name]) => name.endsWith(".png"));
  expect(images).toHaveLength(4);
  for (const [, bytes] of images) expect((await sharp(Buffer.from(bytes)).metadata()).format).toBe("png");
});

test("a HEIC photo as an iPhone writes it is converted on upload and used as a reference", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/beta");
  const heic = await readFile(path.resolve("test/fixtures/iphone-8-plus-hevc.heic"));
  await attach(page, { name: "IMG_0042.HEIC", mimeType: "image/heic", buffer: heic });
  await expect(page.getByText(/Converted from HEIC to JPEG/)).toBeVisible();
  await page.getByRole("textbox", { name: "Prompt" }).fill("the same scene as a watercolour");
  await page.getByTestId("beta-generate").click();
  const result = page.getByTestId("beta-result").first();
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result.getByRole("img").first()).toBeVisible();
  const { items } = (await (await page.request.get("/api/beta/generations")).json()) as { items: { status: string; params: { images: { mime: string }[] } }[] };
  expect(items[0]).toMatchObject({ status: "succeeded", params: { images: [{ mime: "image/jpeg" }] } });
});

test("a size the chosen model does not take is refused in the form, naming the rule, before anything is sent", async ({ page }) => {
  await page.goto("/beta");
  await page.getByRole("textbox", { name: "Prompt" }).fill("a quiet harbour");
  await page.getByRole("radio", { name: "Lite" }).click();
  await page.getByTestId("beta-size-method-pixels").click();
  await page.locator("#beta-size-width").fill("1280");
  await page.locator("#beta-size-height").fill("720");
  const rule = page.locator("#beta-size-message");
  await expect(rule).toContainText("3,686,400");
  await expect(page.getByTestId("beta-generate")).toBeDisabled();
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/beta/generations")) sent.push(request.url());
  });
  await page.keyboard.press("Control+Enter");
  await expect(rule).toBeVisible();
  expect(sent).toEqual([]);

  await page.locator("#beta-size-width").fill("2560");
  await page.locator("#beta-size-height").fill("1440");
  await expect(page.getByTestId("beta-generate")).toBeEnabled();
});

test("a 25 MB reference upload reaches storage whole: no Next.js body limit cuts it", async ({ page }) => {
  // Random pixels do not compress: 2900×2900 RGB noise is a PNG of about 25 MB, over the proxy's 10 MB.
  const side = 2900;
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  expect(png.length).toBeGreaterThan(20_000_000);
  const response = await page.request.post("/api/uploads?purpose=beta", { data: png, headers: { "Content-Type": "image/png" }, timeout: 120_000 });
  expect(response.status(), await response.text()).toBe(201);
  const { asset } = (await response.json()) as { asset: { bytes: number; width: number; height: number; downloadUrl: string } };
  expect(asset).toMatchObject({ bytes: png.length, width: side, height: side });
  const stored = await page.request.get(asset.downloadUrl);
  expect((await stored.body()).equals(png)).toBe(true);
});
