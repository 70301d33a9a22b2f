import { expect, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { pageContentSecurityPolicy } from "../lib/security/headers";
import { emulatorPorts } from "../playwright.config";
import { testAsNewMember } from "./member-test";

// Flows between the services, with lineage: "Animate" on a gallery image opens the videos page with
// the image as the first frame (cropped to the chosen ratio by the keyframe preparation); the job it
// starts records the image it used, and its detail page links back to the gallery entry. "Use frame"
// on the finished video keeps the player's frame as an image made from the video, and animates it in turn,
// also when the player's video comes from an object store's own origin.
const test = testAsNewMember("flows");

const agentControl = `http://127.0.0.1:${emulatorPorts.agent}/__emulator/video`;

type JobDto = { id: string; state: string };

/** An alpha v3 image made through the API, followed to its end; its gallery entry's id. */
async function galleryImage(request: APIRequestContext, prompt: string): Promise<string> {
  const started = await request.post("/api/alpha/v3/generations", { data: { prompt, revise: false, size: "1024x1024" } });
  expect(started.status(), await started.text()).toBe(202);
  const { job } = (await started.json()) as { job: JobDto };
  await expect.poll(async () => ((await (await request.get(`/api/jobs/${job.id}`)).json()) as JobDto).state, { timeout: 60_000 }).toBe("succeeded");
  const { items } = (await (await request.get("/api/gallery")).json()) as { items: { id: string; prompt: string }[] };
  const entry = items.find((item) => item.prompt === prompt);
  expect(entry, "the image's gallery entry").toBeDefined();
  return entry!.id;
}

test("Animate from a gallery image starts a first-frame video job whose detail page links back to the image; Use frame keeps its frame as an image made from the video and animates it", async ({ page }) => {
  test.setTimeout(240_000);
  // The emulator's agent serves first / last frame jobs at once.
  expect((await page.request.post(`${agentControl}/partition/state`, { data: { state: "ready", current: "fl2va" } })).ok()).toBe(true);
  const imagePrompt = `A paper lantern on a windowsill ${Date.now()}`;
  const entryId = await galleryImage(page.request, imagePrompt);

  await page.goto(`/gallery/${entryId}`);
  await page.getByTestId("flow-animate").click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(page.getByTestId("video-keyframe-first-image")).toBeVisible();
  // A square image for 16:9 is cropped to the supported size (spec 8), as an upload would be.
  await expect(page.getByTestId("video-keyframe-first-fit")).toContainText("cropped");
  await expect(page.getByTestId("video-keyframe-first-fit")).toContainText("1344×768");

  const prompt = `The lantern's flame flickers in a draught ${Date.now()}`;
  await page.getByRole("textbox", { name: "Prompt" }).fill(prompt);
  await expect(page.getByTestId("partition-status")).toHaveAttribute("data-usable", "true", { timeout: 30_000 });
  const submit = page.getByTestId("video-submit");
  await expect(submit).toBeEnabled();
  const submitted = page.waitForResponse((response) => response.url().endsWith("/api/videos") && response.request().method() === "POST");
  await submit.click();
  const { video } = (await (await submitted).json()) as { video: { id: string; task: string; params: { inputs: { slot: string }[] }; preparation: string[] } };
  expect(video.task).toBe("fl2va");
  expect(video.params.inputs.map((input) => input.slot)).toEqual(["first"]);
  expect(video.preparation.join(" ")).toContain("cropped");

  await page.goto(`/videos/${video.id}`);
  const madeFrom = page.getByTestId("video-made-from");
  await expect(madeFrom).toContainText("first frame");
  await madeFrom.getByTestId("video-made-from-link").click();
  await expect(page).toHaveURL(new RegExp(`/gallery/${entryId}$`));
  await expect(page.getByTestId("gallery-detail-prompt")).toContainText(imagePrompt);

  // Once the video is ready, the frame the player shows becomes an image to animate.
  await page.goto(`/videos/${video.id}`);
  await expect(page.getByTestId("video-detail")).toHaveAttribute("data-phase", "ready", { timeout: 150_000 });
  const frame = await keepFrame(page);
  await page.getByTestId("video-use-frame").getByTestId("flow-animate").click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(page.getByTestId("video-keyframe-first-image")).toBeVisible();
  await page.goto(frame.entry);
  await expect(page.getByTestId("gallery-made-from")).toContainText("frame taken");

  // With an object store, the player's video comes from the store's origin and taints the canvas:
  // Use frame reads the same moment from the video's file on the studio's own origin instead.
  const job = (await (await page.request.get(`/api/videos/${video.id}`)).json()) as { video: { id: string; url: string } };
  const store = otherOrigin(page.url());
  await serveFromObjectStore(page, `/videos/${video.id}`, job.video.id, store);
  const fromStore = page.waitForResponse((response) => response.url().startsWith(`${store}/api/delivery/${job.video.id}?`) && response.ok(), { timeout: 30_000 });
  await page.goto(`/videos/${video.id}`);
  await fromStore;
  const fileRead = page.waitForResponse((response) => response.url() === new URL(job.video.url, page.url()).href && response.ok(), { timeout: 30_000 });
  const storeFrame = await keepFrame(page);
  await fileRead;
  expect(await canvasReadError(page), "reading a canvas that drew the player").toBe("SecurityError");
  expect(storeFrame.entry).not.toBe(frame.entry);
  // Both frames were taken at the moment the page opens on: the file read in a player of its own gives the picture
  // the same-origin player gave.
  const [sameOrigin, fromFile] = await Promise.all([sharp(frame.png).stats(), sharp(storeFrame.png).stats()]);
  fromFile.channels.slice(0, 3).forEach((channel, index) => expect(Math.abs(channel.mean - sameOrigin.channels[index].mean)).toBeLessThan(2));
  await page.unrouteAll({ behavior: "wait" });
});

/** The studio's origin under its other loopback name: another origin, as an object store's is. */
function otherOrigin(origin: string): string {
  const url = new URL(origin);
  url.hostname = url.hostname === "localhost" ? "127.0.0.1" : "localhost";
  return url.origin;
}

/**
 * Clicks "Use frame" on the player as the page loaded it, never played or sought (it has loaded only
 * its metadata, its poster over it), and checks the frame kept is a picture, not a blank canvas, and
 * is listed under "Used in"; its gallery entry's link and the image kept.
 */
async function keepFrame(page: Page): Promise<{ entry: string; png: Buffer }> {
  const player = page.getByTestId("video-player");
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  const useFrame = page.getByTestId("video-use-frame");
  const upload = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/uploads" && response.request().method() === "POST");
  await useFrame.getByTestId("video-use-frame-take").click();
  const { asset } = (await (await upload).json()) as { asset: { url: string } };
  const png = await (await page.request.get(asset.url)).body();
  expect((await sharp(png).stats()).isOpaque, "the frame kept is a picture, not a blank canvas").toBe(true);
  await expect(useFrame.getByTestId("video-use-frame-image")).toBeVisible();
  await expect(useFrame.getByTestId("flow-animate")).toBeVisible();
  const entry = await useFrame.getByTestId("video-use-frame-entry").getAttribute("href");
  expect(entry, "the frame's gallery entry").toMatch(/^\/gallery\//);
  // The frame is kept as an image made from the video: the video's page says so.
  await expect(page.getByTestId("video-used-in").locator(`a[href="${entry}"]`)).toContainText("frame taken");
  return { entry: entry!, png };
}

/**
 * The page at `pagePath` as a studio with an object store serves it: its policy lets media come from
 * `store`, and the player's delivery URL of the video `assetId` answers a redirect there. Playwright
 * routes only a redirect's first request, so the store must answer for itself: `store` is the studio
 * under another host name, another origin that serves the same signed URL, Range included.
 */
async function serveFromObjectStore(page: Page, pagePath: string, assetId: string, store: string) {
  // A page Playwright answers itself has no server address, so Chromium counts it as public and asks
  // for the local network permission before it reaches a loopback address such as this store.
  await page.context().grantPermissions(["local-network-access"], { origin: new URL(page.url()).origin });
  await page.route(
    (url) => url.pathname === pagePath,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const headers = response.headers();
      const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
      expect(headers["content-security-policy"], "the page's policy").toBe(pageContentSecurityPolicy(nonce, { dev: false }));
      await route.fulfill({ response, headers: { ...headers, "content-security-policy": pageContentSecurityPolicy(nonce, { dev: false, objectStore: store }) } });
    },
  );
  await page.route(
    (url) => url.pathname === `/api/delivery/${assetId}`,
    (route) => {
      if (route.request().resourceType() !== "media") return route.fallback();
      const { pathname, search } = new URL(route.request().url());
      return route.fulfill({ status: 302, headers: { location: `${store}${pathname}${search}` } });
    },
  );
}

/**
 * The error a canvas that drew the player's current frame throws when read: a SecurityError once the video came
 * from another origin. A player that has loaded only its metadata has no frame to draw, and drawing nothing taints
 * nothing, so it is first asked for its current frame.
 */
function canvasReadError(page: Page): Promise<string | null> {
  return page.getByTestId("video-player").evaluate(async (video: HTMLVideoElement) => {
    if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
      const loaded = new Promise((resolve) => video.addEventListener("loadeddata", resolve, { once: true }));
      video.preload = "auto";
      video.currentTime = 0;
      await loaded;
    }
    const canvas = document.createElement("canvas");
    canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
    try {
      canvas.toDataURL();
      return null;
    } catch (error) {
      return error instanceof DOMException ? error.name : String(error);
    }
  });
}
