import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { emulatorPorts } from "../playwright.config";
import { newMember, signUp } from "./accounts";
import { openAsDrawn, pageErrors } from "./page-as-drawn";

// The chat editor (alpha v3.5, spec 4.2) against the emulator. The emulator makes history use
// visible: an edit mirrors the replayed image left to right and replaces only the caption band at
// the top (emulator/README.md, "Edit semantics"), so below the band turn N+1 is turn N mirrored.
const emulatorControl = `http://127.0.0.1:${emulatorPorts.image}/__emulator`;
const ALPHA_V35_PATH = "/v1/wand/alpha-image/v35-generation";
const screenshots = process.env.SCREENSHOT_DIR ?? "test-results/screenshots";

test.beforeEach(async ({ page }) => {
  await signUp(page, newMember("chat"));
});

const message = (page: Page) => page.getByRole("textbox", { name: "Message", exact: true });
const turns = (page: Page) => page.getByTestId("turn");
const turn = (page: Page, number: number) => page.getByRole("article", { name: `Turn ${number}`, exact: true });

async function send(page: Page, text: string) {
  await message(page).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
}

/** Sends `text` and waits until the thread shows `expectedTurns` turns, the newest ended, and nothing is in flight. */
async function sendAndWait(page: Page, text: string, expectedTurns: number) {
  await send(page, text);
  await expect(turns(page)).toHaveCount(expectedTurns);
  // Right after Send, before the turn is drawn, no progress shows either: the newest turn's image or
  // failure is what says it ended.
  const newest = turn(page, expectedTurns);
  await expect(newest.getByTestId("turn-image").or(newest.getByTestId("turn-failure"))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("turn-progress")).toHaveCount(0);
  await expect(newest.getByTestId("user-message")).toHaveText(text);
}

async function imageBytes(page: Page, number: number): Promise<Buffer> {
  const src = await turn(page, number).getByTestId("turn-image").getAttribute("src");
  expect(src).toMatch(/^\/api\/delivery\/[0-9a-f-]{36}\?v=file&/);
  const response = await page.request.get(src!);
  expect(response.status()).toBe(200);
  return response.body();
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Mean absolute difference (0–255) of the lower three quarters, below any caption band, on a small grey grid. */
async function lowerPartDifference(a: Buffer, b: Buffer, { mirrorA }: { mirrorA: boolean }): Promise<number> {
  const { width, height } = await sharp(b).metadata();
  const grid = async (image: Buffer, mirror: boolean) => {
    const scaled = await sharp(image).resize(width, height, { fit: "fill" }).toBuffer();
    const oriented = mirror ? sharp(scaled).flop() : sharp(scaled);
    const part = await oriented.toBuffer();
    const top = Math.round(height! * 0.25);
    return sharp(part).extract({ left: 0, top, width: width!, height: height! - top }).resize(48, 36, { fit: "fill" }).greyscale().raw().toBuffer();
  };
  const [left, right] = await Promise.all([grid(a, mirrorA), grid(b, false)]);
  let total = 0;
  for (let i = 0; i < left.length; i += 1) total += Math.abs(left[i]! - right[i]!);
  return total / left.length;
}

/** `next` was drawn from `previous` replayed in the history: its lower part is `previous` mirrored. */
async function expectDerivedFrom(previous: Buffer, next: Buffer) {
  const mirrored = await lowerPartDifference(previous, next, { mirrorA: true });
  const unmirrored = await lowerPartDifference(previous, next, { mirrorA: false });
  expect(mirrored).toBeLessThan(2);
  expect(unmirrored).toBeGreaterThan(mirrored);
}

async function patchEmulator(config: Record<string, unknown>) {
  const response = await fetch(`${emulatorControl}/config`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify(config) });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The next alpha v3.5 request waits `ms` before the emulator answers it. */
async function slowNextTurn(ms: number) {
  const response = await fetch(`${emulatorControl}/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ sequence: [{ kind: "slow", ms }], pathPrefix: ALPHA_V35_PATH }),
  });
  expect(response.status).toBe(200);
}

async function samplePng(color: { r: number; g: number; b: number }, width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><rect x="20" y="${height / 2}" width="${width / 3}" height="${height / 3}" fill="white"/></svg>`) }])
    .png()
    .toBuffer();
}

test("a three-turn edit conversation: every image differs, each is derived from the one before, and a reload keeps it all", async ({ page }) => {
  await page.goto("/chat");
  await sendAndWait(page, "A lighthouse on a cliff at dusk", 1);
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}/);
  await sendAndWait(page, "Make the sky purple", 2);
  await sendAndWait(page, "Add a small sailing boat", 3);
  // The new image is in view once it arrives, not left below the fold.
  await expect(turn(page, 3).getByTestId("turn-image")).toBeInViewport({ ratio: 0.6 });
  await expect(page.getByTestId("chat-title")).toHaveText("A lighthouse on a cliff at dusk");
  await expect(page.getByTestId("conversation-list")).toContainText("A lighthouse on a cliff at dusk");

  const images = [await imageBytes(page, 1), await imageBytes(page, 2), await imageBytes(page, 3)];
  expect(new Set(images.map(sha256)).size).toBe(3);
  // History was replayed (spec 4.2 rule 2): turn 2 edits turn 1's image, turn 3 edits turn 2's.
  await expectDerivedFrom(images[0]!, images[1]!);
  await expectDerivedFrom(images[1]!, images[2]!);

  // Per-turn metadata: request id, tokens, upstream model.
  await turn(page, 3).getByRole("button", { name: "Details" }).click();
  await expect(turn(page, 3).getByTestId("turn-request-id")).not.toBeEmpty();
  await expect(turn(page, 3).getByTestId("turn-details")).toContainText("Tokens");
  await expect(turn(page, 3).getByTestId("turn-details")).toContainText("alpha-img-35p-emu");

  // The lightbox compares turn 3 with turn 2's image.
  await turn(page, 3).getByRole("button", { name: "Open the image of turn 3" }).click();
  await page.getByRole("button", { name: "Before / after" }).click();
  const viewer = page.getByRole("dialog", { name: "Image viewer" });
  await expect(viewer.getByRole("img", { name: "Before" })).toHaveAttribute("src", (await turn(page, 2).getByTestId("turn-image").getAttribute("src"))!);
  await expect(viewer.getByRole("link", { name: "Download original" })).toHaveAttribute("href", /download=1/);
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);

  // The same files after a reload; their delivery URLs' expiry and signature change with each refresh window.
  const shownFiles = () =>
    page.getByTestId("turn-image").evaluateAll((nodes) =>
      nodes.map((node) => {
        const url = new URL(node.getAttribute("src")!, location.href);
        return `${url.pathname} ${url.searchParams.get("k")}`;
      }),
    );
  const files = await shownFiles();
  await page.reload();
  await expect(turns(page)).toHaveCount(3);
  await expect(page.getByTestId("user-message")).toHaveText(["A lighthouse on a cliff at dusk", "Make the sky purple", "Add a small sailing boat"]);
  expect(await shownFiles()).toEqual(files);
});

test("a content-filter turn shows its message and stays stored; the next turn works and edit & retry adds a sibling", async ({ page }) => {
  await page.goto("/chat");
  await sendAndWait(page, "A quiet harbour at dawn", 1);
  await sendAndWait(page, "Add something forbidden to the scene", 2);
  const failure = turn(page, 2).getByTestId("turn-failure");
  await expect(failure).toContainText("Blocked by content safety");
  await expect(failure).toContainText("content_filter");
  await expect(failure).toContainText("Adjust the prompt");
  await expect(turn(page, 2).getByTestId("turn-image")).toHaveCount(0);

  // The failed turn does not enter the history: turn 3 edits turn 1's image.
  await sendAndWait(page, "Add a red lighthouse", 3);
  await expectDerivedFrom(await imageBytes(page, 1), await imageBytes(page, 3));

  await page.reload();
  await expect(turns(page)).toHaveCount(3);
  await expect(turn(page, 2).getByTestId("turn-failure")).toContainText("Blocked by content safety");

  // Edit & retry: the composer takes the failed message; the retry becomes its sibling (same parent).
  await turn(page, 2).getByRole("button", { name: "Edit & retry" }).click();
  await expect(message(page)).toHaveValue("Add something forbidden to the scene");
  await expect(page.getByTestId("composer-banner")).toContainText("Retrying turn 2");
  await sendAndWait(page, "Add a friendly seagull", 2);
  await expect(turn(page, 2).getByTestId("branch-position")).toHaveText("2/2");
  await expectDerivedFrom(await imageBytes(page, 1), await imageBytes(page, 2));
  await turn(page, 2).getByRole("button", { name: "Previous version" }).click();
  await expect(turns(page)).toHaveCount(3);
  await expect(turn(page, 2).getByTestId("turn-failure")).toBeVisible();
});

test("a reloaded conversation is drawn at its newest turn and stays put while the page wakes up, so a click aimed at once lands", async ({ page }) => {
  await page.goto("/chat");
  await sendAndWait(page, "A quiet harbour at dawn", 1);
  await sendAndWait(page, "Add something forbidden to the scene", 2);
  await expect(turn(page, 2).getByTestId("turn-failure")).toBeVisible();
  await sendAndWait(page, "Add a red lighthouse", 3);
  await expect(turn(page, 3).getByTestId("turn-image")).toBeVisible();

  // The page as the server drew it: what a designer sees and aims at before it has woken up.
  const drawn = await openAsDrawn(page, () => page.reload({ waitUntil: "domcontentloaded" }));
  await expect(turn(page, 3).getByTestId("turn-image")).toBeInViewport();
  const retry = turn(page, 2).getByRole("button", { name: "Edit & retry" });
  await retry.scrollIntoViewIfNeeded();
  const aimed = await retry.boundingBox();
  expect(aimed).not.toBeNull();

  // The page wakes up; nothing has moved from under the pointer.
  await drawn.wake();
  const settled = await retry.boundingBox();
  // Within a pixel: the scroller may round its offset to whole pixels when it settles.
  expect(Math.abs(settled!.y - aimed!.y)).toBeLessThan(1);
  expect(settled!.x).toBe(aimed!.x);
  await page.mouse.click(aimed!.x + aimed!.width / 2, aimed!.y + aimed!.height / 2);
  await expect(message(page)).toHaveValue("Add something forbidden to the scene");
  await expect(page.getByTestId("composer-banner")).toContainText("Retrying turn 2");
});

test("a conversation reloaded while a turn generates wakes up without a hydration error, and a click aimed at once lands", async ({ page }) => {
  await page.goto("/chat");
  await sendAndWait(page, "A quiet harbour at dawn", 1);
  await sendAndWait(page, "Add a red lighthouse", 2);
  await expect(turn(page, 2).getByTestId("turn-image")).toBeVisible();
  await slowNextTurn(20_000);
  await send(page, "Add a full moon");
  await expect(page.getByTestId("turn-progress")).toBeVisible();

  const errors = pageErrors(page);
  // As in the test above: the page as the server drew it, aimed at before it wakes up.
  const drawn = await openAsDrawn(page, () => page.reload({ waitUntil: "domcontentloaded" }));
  const editFromHere = turn(page, 1).getByRole("button", { name: "Edit from here" });
  await editFromHere.scrollIntoViewIfNeeded();
  const aimed = await editFromHere.boundingBox();
  expect(aimed).not.toBeNull();

  // The page wakes up on a slow device: the jobs list can arrive before the conversation has
  // hydrated, which then must still draw what the server drew.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await drawn.wake();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect(page.getByTestId("turn-progress")).toBeVisible();
  expect(errors).toEqual([]);
  const settled = await editFromHere.boundingBox();
  expect(Math.abs(settled!.y - aimed!.y)).toBeLessThan(1);
  await page.mouse.click(aimed!.x + aimed!.width / 2, aimed!.y + aimed!.height / 2);
  await expect(page.getByTestId("composer-banner")).toContainText("Branching from turn 1");
  await page.getByTestId("turn-progress").getByRole("button", { name: "Cancel" }).click();
  await expect(turn(page, 3).getByTestId("turn-failure")).toContainText("Cancelled");
});

test.describe("a designer fourteen hours ahead of the server", () => {
  test.use({ timezoneId: "Pacific/Kiritimati" });

  test("a reloaded conversation hydrates without an error and writes the turn's time in the designer's zone", async ({ page }) => {
    await page.goto("/chat");
    await sendAndWait(page, "A paper boat on a puddle", 1);
    const errors = pageErrors(page);

    await page.reload();

    const sent = turn(page, 1).locator("time").first();
    const iso = await sent.getAttribute("datetime");
    const local = new Date(iso!).toLocaleString("en", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Pacific/Kiritimati" });
    await expect(sent).toHaveText(local);
    expect(errors).toEqual([]);
  });
});

/** The share (0–1) of a turn's image the designer sees: below the top of the window and above the composer pinned to its foot. */
async function shownShareOfImage(page: Page, number: number): Promise<number> {
  const image = turn(page, number).getByTestId("turn-image");
  return image.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const composer = document.querySelector('form[aria-label="Compose a message"]')?.getBoundingClientRect();
    const visibleBottom = Math.min(window.innerHeight, composer ? composer.top : window.innerHeight);
    return Math.max(0, Math.min(box.bottom, visibleBottom) - Math.max(box.top, 0)) / box.height;
  });
}

// A zone other than the machine's: the server learns it from the first visit, and draws the turn's time in it.
test.describe("in the designer's own time zone", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("on a phone, a conversation opened anew shows its newest turn from the first paint, and waking up moves nothing", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/chat");
    await sendAndWait(page, "A lighthouse on a cliff at dusk", 1);
    await sendAndWait(page, "Make the sky purple", 2);
    await sendAndWait(page, "Add a small sailing boat", 3);
    await expect(turn(page, 3).getByTestId("turn-image")).toBeVisible();
    const address = page.url();
    await page.goto("/chat");

    // The page as the server drew it, then awake.
    const drawn = await openAsDrawn(page, () => page.goto(address, { waitUntil: "domcontentloaded" }));
    await expect(turn(page, 3).getByTestId("turn-image")).toBeVisible();
    expect(await shownShareOfImage(page, 3)).toBeGreaterThan(0.9);
    const drawnAt = await page.evaluate(() => window.scrollY);
    // The server drew the turn's time in the browser's zone (the first visit told it), as waking writes it.
    const time = turn(page, 3).locator("time").first();
    const drawnTime = await time.textContent();
    const sentAt = new Date((await time.getAttribute("datetime"))!);
    expect(drawnTime).toBe(sentAt.toLocaleString("en", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "America/Los_Angeles" }));
    await drawn.wake();
    await expect(time).toHaveText(drawnTime!);
    expect(await page.evaluate(() => window.scrollY)).toBe(drawnAt);
    expect(await shownShareOfImage(page, 3)).toBeGreaterThan(0.9);
    await page.screenshot({ path: `${screenshots}/chat-reloaded-390.png` });
  });
});

const spinnerAnimation = (page: Page) => page.getByTestId("turn-progress").locator("svg").first().evaluate((spinner) => getComputedStyle(spinner).animationName);

// The thread's own scroll is smooth on a desktop, and jumps where the system asks for less motion
// (the tests' default, playwright.config.ts).
for (const { viewport, motion } of [
  { viewport: { width: 1440, height: 900 }, motion: "smooth" },
  { viewport: { width: 390, height: 844 }, motion: "reduced" },
] as const) {
  test.describe(`${motion} motion`, () => {
    test.use({ reducedMotion: motion === "smooth" ? "no-preference" : "reduce" });
    test(`at ${viewport.width}x${viewport.height}, a turn's new image is brought into view when it arrives, unless the designer scrolled away meanwhile`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/chat");
      await sendAndWait(page, "A quiet harbour at dawn", 1);
      await sendAndWait(page, "Add a red lighthouse", 2);
      await expect(turn(page, 2).getByTestId("turn-image")).toBeVisible();

      await slowNextTurn(3_000);
      await send(page, "Add a full moon");
      await expect(page.getByTestId("turn-progress")).toBeVisible();
      // The spinner turns, unless the system asks for less motion (app/globals.css).
      expect(await spinnerAnimation(page)).toBe(motion === "smooth" ? "spin" : "none");
      await expect(turn(page, 3).getByTestId("turn-image")).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => shownShareOfImage(page, 3)).toBeGreaterThan(0.95);
      await page.screenshot({ path: `${screenshots}/chat-new-image-${viewport.width}.png` });

      // Scrolled up to turn 1 while turn 4 generates: the arrival leaves the designer there.
      await slowNextTurn(3_000);
      await send(page, "Add a seagull");
      await expect(page.getByTestId("turn-progress")).toBeVisible();
      await turn(page, 1).getByTestId("user-message").hover();
      await page.mouse.wheel(0, -5_000);
      await expect.poll(() => shownShareOfImage(page, 1)).toBeGreaterThan(0.5);
      await expect(turn(page, 4).getByTestId("turn-image")).toHaveCount(1, { timeout: 15_000 });
      await page.waitForTimeout(1_000);
      expect(await shownShareOfImage(page, 1)).toBeGreaterThan(0.5);
      expect(await shownShareOfImage(page, 4)).toBe(0);
    });
  });
}

test("edit from here starts a branch; the switcher pages between branches and the URL keeps the choice", async ({ page }) => {
  await page.goto("/chat");
  await sendAndWait(page, "A red fox in fresh snow", 1);
  await sendAndWait(page, "Make it night", 2);
  await sendAndWait(page, "Add a full moon", 3);
  const originalTurn2 = await imageBytes(page, 2);

  await turn(page, 1).getByRole("button", { name: "Edit from here" }).click();
  await expect(page.getByTestId("composer-banner")).toContainText("Branching from turn 1");
  await sendAndWait(page, "Make it a watercolor", 2);
  await expect(turn(page, 2).getByTestId("branch-position")).toHaveText("2/2");
  const branchTurn2 = await imageBytes(page, 2);
  expect(sha256(branchTurn2)).not.toBe(sha256(originalTurn2));
  await expectDerivedFrom(await imageBytes(page, 1), branchTurn2);

  await page.reload();
  await expect(turns(page)).toHaveCount(2);
  await expect(turn(page, 2).getByTestId("user-message")).toHaveText("Make it a watercolor");

  // Back to the first branch: its newest leaf, with nothing overwritten.
  await turn(page, 2).getByRole("button", { name: "Previous version" }).click();
  await expect(turns(page)).toHaveCount(3);
  await expect(page.getByTestId("user-message")).toHaveText(["A red fox in fresh snow", "Make it night", "Add a full moon"]);
  await expect(turn(page, 2).getByTestId("branch-position")).toHaveText("1/2");
  expect(sha256(await imageBytes(page, 2))).toBe(sha256(originalTurn2));
  await expect(page).toHaveURL(/\?turn=[0-9a-f-]{36}$/);
  await page.reload();
  await expect(turns(page)).toHaveCount(3);
  await expect(turn(page, 3).getByTestId("user-message")).toHaveText("Add a full moon");

  await turn(page, 2).getByRole("button", { name: "Next version" }).click();
  await expect(turns(page)).toHaveCount(2);
  await expect(page.getByTestId("chat-title")).toHaveText("A red fox in fresh snow");
});

test("an image handed over as /chat?image=<id> is attached to the first message and edited", async ({ page }) => {
  const upload = await page.request.post("/api/uploads?purpose=alpha-v35", { data: await samplePng({ r: 30, g: 90, b: 200 }), headers: { "Content-Type": "image/png" } });
  expect(upload.status()).toBe(201);
  const { asset } = (await upload.json()) as { asset: { id: string } };

  await page.goto(`/chat?image=${asset.id}`);
  const attachedImages = page.getByRole("form", { name: "Compose a message" }).getByRole("img", { name: "Reference" });
  await expect(attachedImages).toHaveCount(1);
  await sendAndWait(page, "Turn the square into a circle", 1);
  await expect(turn(page, 1).getByRole("button", { name: "Open attached image 1" })).toBeVisible();
  // Image-to-image: the first turn's result is the attached image, mirrored.
  const original = await (await page.request.get(`/api/assets/${asset.id}`)).body();
  await expectDerivedFrom(original, await imageBytes(page, 1));
});

test("the composer warns before a request would carry more than 20 images", async ({ page }) => {
  await page.goto("/chat");
  const attach = async (count: number, color: number) => {
    await page.getByRole("button", { name: /^Images/ }).click();
    const files = await Promise.all(
      Array.from({ length: count }, async (_, index) => ({ name: `ref-${color}-${index}.png`, mimeType: "image/png", buffer: await samplePng({ r: color, g: index * 30, b: 90 }, 320, 240) })),
    );
    await page.getByTestId("alpha-v35-file-input").setInputFiles(files);
    await expect(page.getByRole("form", { name: "Compose a message" }).getByRole("img", { name: "Reference" })).toHaveCount(count);
  };
  // Each turn carries its own images plus the previous history and one generated image (spec 4.2 rules 1–2).
  await attach(6, 10);
  await sendAndWait(page, "Combine these six swatches", 1);
  await attach(6, 80);
  await sendAndWait(page, "Now add these six", 2);
  await expect(page.getByTestId("request-image-count")).toHaveText("14/20 images");
  await attach(6, 160);
  await expect(page.getByTestId("request-image-count")).toHaveText("20/20 images");
  await expect(page.getByTestId("image-limit-warning")).toHaveCount(0);
  await sendAndWait(page, "And these six", 3);
  await attach(1, 240);
  await expect(page.getByTestId("request-image-count")).toHaveText("22/20 images");
  await expect(page.getByTestId("image-limit-warning")).toContainText("drop the oldest 2 images");
});

test.describe("against a slow service", () => {
  test.afterEach(async () => {
    await patchEmulator({ latency: "fast" });
  });

  test("progress shows while waiting, and Cancel stops the turn, which stays as cancelled", async ({ page }) => {
    await patchEmulator({ latency: "realistic" });
    await page.goto("/chat");
    await send(page, "A slow sunrise over the dunes");
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}/);
    const progress = page.getByTestId("turn-progress");
    await expect(progress.getByTestId("turn-progress-label")).toContainText("Generating");
    await expect(progress).toContainText(/[1-9] s elapsed/);
    await progress.getByRole("button", { name: "Cancel" }).click();
    await expect(turn(page, 1).getByTestId("turn-failure")).toContainText("Cancelled");
    await expect(turn(page, 1).getByTestId("turn-failure")).toContainText("cancelled");
    await page.reload();
    await expect(turn(page, 1).getByTestId("turn-failure")).toContainText("Cancelled");
  });
});

test.describe("with the emulator's SSE wire format", () => {
  test.afterEach(async () => {
    await patchEmulator({ v35WireFormat: "json" });
  });

  test("a two-turn conversation works the same over an event stream", async ({ page }) => {
    expect(await patchEmulator({ v35WireFormat: "sse" })).toMatchObject({ v35WireFormat: "sse" });
    await page.goto("/chat");
    await sendAndWait(page, "A paper boat on a puddle", 1);
    await sendAndWait(page, "Make the boat yellow", 2);
    await expectDerivedFrom(await imageBytes(page, 1), await imageBytes(page, 2));
    await sendAndWait(page, "Something forbidden now", 3);
    await expect(turn(page, 3).getByTestId("turn-failure")).toContainText("Blocked by content safety");
  });
});

test("a refused image pasted into the composer says why, opening the folded images panel", async ({ page }) => {
  await page.goto("/chat");
  await expect(message(page)).toBeVisible();
  await expect(page.getByText("Images for this message")).toBeHidden();
  // A GIF: an image the browser pastes, but not a type alpha v3.5 takes.
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } }).gif().toBuffer();
  await message(page).focus();
  const paste = () =>
    page.evaluate((bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], "loop.gif", { type: "image/gif" }));
      window.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true }));
    }, [...gif]);
  // The server-drawn composer is visible before the page hydrates, and a paste before then reaches
  // no listener, so the paste is repeated until one is heard; a refusal replaces the last one.
  await expect(async () => {
    await paste();
    await expect(page.getByRole("alert").filter({ hasText: "loop.gif" })).toBeVisible({ timeout: 1_000 });
  }).toPass();
});
