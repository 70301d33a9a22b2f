import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import ffmpegBinary from "@ffmpeg-installer/ffmpeg";
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { emulatorPorts } from "../playwright.config";
import { testAsNewMember } from "./member-test";

// The videos page against the emulator's agent: each task submitted from the form and
// followed on the dashboard to Ready; the archived MP4 plays and seeks in Chromium (the asset route
// answers Range); Reuse seed refills the form; keyframes are prepared at the supported size (spec 8);
// references are tagged in the prompt (spec 4.4.1); a task the loaded partition does not suit is
// held until the partition is ready for it (spec 3.2); a submit the agent refuses with 429 queue_full
// is held and sent again once, after Retry-After.
const test = testAsNewMember("videos");

const run = promisify(execFile);
const agentControl = `http://127.0.0.1:${emulatorPorts.agent}/__emulator/video`;

// Fast emulator: a clip is generated at once; the studio's worker polls, downloads and archives it.
const READY_TIMEOUT = 120_000;

/** Forces the agent's partition (emulator control, test-only): `ready` with `current` loads that mode at once. */
async function loadPartition(request: APIRequestContext, mode: "fl2va" | "ref2va") {
  const response = await request.post(`${agentControl}/partition/state`, { data: { state: "ready", current: mode } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function pngOf(width: number, height: number): Promise<Buffer> {
  const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg"><rect width="${width}" height="${height}" fill="#0f766e"/><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fbbf24"/><rect x="${width / 2}" y="${height / 5}" width="${width / 4}" height="${height / 2}" fill="#e11d48"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** A 3 s, 24 fps, 320×256 H.264 clip and a 3 s WAV tone (spec 4.4.1: 2–15 s, 23–60 fps, sides ≥ 256). */
async function referenceMedia(testInfo: TestInfo): Promise<{ mp4: FilePayload; wav: FilePayload }> {
  const mp4 = testInfo.outputPath("reference.mp4");
  const wav = testInfo.outputPath("reference.wav");
  const ffmpeg = (args: string[]) => run(ffmpegBinary.path, ["-v", "error", "-nostdin", "-y", ...args], { timeout: 60_000 });
  // lib/media/test-media makes the same media for the unit tests; it is server-only, so not importable here.
  await ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x256:rate=24:duration=3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", mp4]);
  await ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=3", wav]);
  return {
    mp4: { name: "motion.mp4", mimeType: "video/mp4", buffer: await readFile(mp4) },
    wav: { name: "ambience.wav", mimeType: "audio/wav", buffer: await readFile(wav) },
  };
}

const jobCard = (page: Page, prompt: string): Locator => page.getByTestId("video-job").filter({ hasText: prompt });

/** Opens a dashboard row to its details (player, parameters, notes, every action). */
async function openDetails(card: Locator) {
  await card.getByTestId("video-job-toggle").click();
  await expect(card.getByTestId("video-job-details")).toBeVisible();
}

async function fillPrompt(page: Page, prompt: string) {
  await page.getByRole("textbox", { name: "Prompt" }).fill(prompt);
}

/** Submits a text-to-video job from the videos page once the partition allows it; its dashboard card. */
async function submitTextToVideo(page: Page, prompt: string): Promise<Locator> {
  await page.goto("/videos");
  await expect(page.getByTestId("partition-status")).toHaveAttribute("data-usable", "true", { timeout: 30_000 });
  await fillPrompt(page, prompt);
  await page.getByTestId("video-task-t2va").click();
  await page.getByTestId("video-submit").click();
  return jobCard(page, prompt);
}

async function submitAndWaitReady(page: Page, prompt: string): Promise<Locator> {
  const submit = page.getByTestId("video-submit");
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await submit.click();
  const card = jobCard(page, prompt);
  // The job appears at the top of the list at once (202), then follows its phases.
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute("data-phase", "ready", { timeout: READY_TIMEOUT });
  await expect(card.getByTestId("video-job-poster")).toBeVisible();
  // The dashboard's poster and player read delivery URLs, minted with the list.
  await expect(card.getByTestId("video-job-poster")).toHaveAttribute("src", /^\/api\/delivery\/[0-9a-f-]{36}\?v=thumb&/);
  await openDetails(card);
  await expect(card.getByTestId("video-job-player")).toHaveAttribute("src", /^\/api\/delivery\/[0-9a-f-]{36}\?v=file&/);
  await expect(card.getByTestId("video-job-player")).toHaveAttribute("poster", /^\/api\/delivery\/[0-9a-f-]{36}\?v=thumb&/);
  await expect(card.getByTestId("video-job-resolution")).toHaveText(/^\d+×\d+$/);
  return card;
}

/** The detail page's player has the archived MP4 decoded far enough to show frames. */
async function expectPlayable(player: Locator) {
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const duration = await player.evaluate((video: HTMLVideoElement) => video.duration);
  expect(duration).toBeGreaterThan(3);
}

test.afterAll(async ({ request }) => {
  // The emulator's partition starts in fl2va; leave it so for the specs after this one.
  await loadPartition(request, "fl2va");
});

test("a text-to-video job reaches Ready, plays and seeks; Reuse seed refills the form with its seed", async ({ page }) => {
  test.setTimeout(240_000);
  const prompt = `A paper boat drifting down a rainy street ${Date.now()}`;
  await page.goto("/videos");
  await expect(page.getByTestId("videos-empty")).toBeVisible();
  await expect(page.getByTestId("partition-status")).toHaveAttribute("data-usable", "true", { timeout: 30_000 });
  await fillPrompt(page, prompt);
  await page.getByTestId("video-task-t2va").click();
  const card = await submitAndWaitReady(page, prompt);

  await card.getByTestId("video-job-open").click();
  await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("video-detail")).toHaveAttribute("data-phase", "ready");
  const player = page.getByTestId("video-player");
  await expectPlayable(player);
  expect(await player.getAttribute("poster")).toMatch(/^\/api\/delivery\/[0-9a-f-]{36}\?v=thumb&/);
  expect(await player.getAttribute("src")).toMatch(/^\/api\/delivery\/[0-9a-f-]{36}\?v=file&/);

  // It plays: time advances.
  await player.evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);

  // It seeks: the position lands where it was set, which needs the delivery path's Range answers.
  const seekedTo = await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        video.pause();
        video.addEventListener("seeked", () => resolve(video.currentTime), { once: true });
        video.currentTime = video.duration - 1;
      }),
  );
  const duration = await player.evaluate((video: HTMLVideoElement) => video.duration);
  expect(Math.abs(seekedTo - (duration - 1))).toBeLessThan(0.5);
  const src = (await player.getAttribute("src"))!;
  const range = await page.request.get(src, { headers: { Range: "bytes=100-199" } });
  expect(range.status()).toBe(206);
  expect(range.headers()["content-range"]).toMatch(/^bytes 100-199\/\d+$/);

  // Reuse seed: the videos page opens with the job's settings and the agent's seed (echo.seed).
  const seed = (await page.getByTestId("video-detail-seed").innerText()).match(/\d+/)![0];
  await page.getByTestId("video-job-reuse-seed").click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(page.getByRole("textbox", { name: "Prompt" })).toHaveValue(prompt);
  await expect(page.getByTestId("video-seed")).toHaveValue(seed);
});

test("a first/last frame job with a first-frame image: the form says it is cropped to the supported size, and the job reaches Ready", async ({ page, request }) => {
  test.setTimeout(240_000);
  await loadPartition(request, "fl2va");
  const prompt = `The flower opens as the light grows warmer ${Date.now()}`;
  await page.goto("/videos");
  await page.getByTestId("video-task-fl2va").click();
  await expect(page.getByTestId("partition-status")).toHaveAttribute("data-usable", "true", { timeout: 30_000 });
  // Nothing has been asked yet, so nothing is refused yet.
  await expect(page.getByTestId("video-submit")).toBeEnabled();
  await expect(page.getByTestId("video-submit-blocked")).toHaveCount(0);
  await fillPrompt(page, prompt);
  // Without a keyframe a press names the rule (spec 4.4.1) and Submit stays off until it is met.
  await page.getByTestId("video-submit").click();
  await expect(page.getByText("First / last frame needs a first-frame image, a last-frame image or both").first()).toBeVisible();
  await expect(page.getByTestId("video-submit")).toBeDisabled();
  await expect(page.getByTestId("video-submit-blocked")).toHaveText("Generate video is off: see the input files above.");

  await page.getByTestId("video-keyframe-first-drop-input").setInputFiles({ name: "first-frame.png", mimeType: "image/png", buffer: await pngOf(800, 600) });
  await expect(page.getByTestId("video-keyframe-first-image")).toBeVisible({ timeout: 30_000 });
  // 800×600 is 4:3: for 16:9 it is cropped and scaled to 1344×768 (spec 8).
  await expect(page.getByTestId("video-keyframe-first-fit")).toContainText("1344×768");
  await expect(page.getByTestId("video-keyframe-first-fit")).toContainText("cropped");

  const card = await submitAndWaitReady(page, prompt);
  await expect(card).toContainText("First / last frame");
  await card.getByTestId("video-job-open").click();
  await expectPlayable(page.getByTestId("video-player"));
});

test("a references job with an image, a video and an audio file, tagged in the prompt, waits for the ref2va partition and reaches Ready", async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  await loadPartition(request, "fl2va");
  const media = await referenceMedia(testInfo);
  const prompt = `The character moves ${Date.now()}`;
  await page.goto("/videos");
  await page.getByTestId("video-task-ref2va").click();

  // fl2va is loaded: the form holds References and says why (spec 3.2).
  const status = page.getByTestId("partition-status");
  await expect(status).toHaveAttribute("data-usable", "false", { timeout: 30_000 });
  await expect(status).toContainText("References cannot be submitted now");
  await expect(status).toContainText("This task needs the ref2va mode loaded; the video service has fl2va loaded.");

  await page.getByTestId("video-references-drop-input").setInputFiles([
    { name: "subject.png", mimeType: "image/png", buffer: await pngOf(512, 512) },
    media.mp4,
    media.wav,
  ]);
  const rows = page.getByTestId("video-reference");
  await expect(rows).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByTestId("video-reference-counts")).toHaveText("1/9 images · 1/3 videos · 1/3 audio");

  // One-click tags go into the prompt at its cursor.
  const promptBox = page.getByRole("textbox", { name: "Prompt" });
  await promptBox.fill(prompt);
  for (const tag of ["<Picture 1>", "<Video 1>", "<Audio 1>"]) {
    await page.getByTestId("video-reference-tag").filter({ hasText: tag }).click();
  }
  await expect(promptBox).toHaveValue(`${prompt} <Picture 1> <Video 1> <Audio 1>`);
  await expect(page.getByTestId("video-submit")).toBeDisabled();

  // The partition becomes ref2va: the form notices within its 12 s poll and lets the job go.
  await loadPartition(request, "ref2va");
  await expect(status).toHaveAttribute("data-usable", "true", { timeout: 45_000 });
  const card = await submitAndWaitReady(page, prompt);
  await expect(card).toContainText("References");
  await card.getByTestId("video-job-open").click();
  await expectPlayable(page.getByTestId("video-player"));
});

test("a failed job's time stands still on the dashboard and matches the activity tray's", async ({ page, request }) => {
  test.setTimeout(120_000);
  const inferenceFaults = `http://127.0.0.1:${emulatorPorts.inference}/__emulator/faults`;
  // The agent generates through its inference server: a 500 there ends the job failed (emulator README, job lifecycle 4).
  const fault = await request.post(inferenceFaults, { data: { sequence: [{ kind: "500" }], pathPrefix: "/v1/videos" } });
  expect(fault.ok(), await fault.text()).toBe(true);
  try {
    const prompt = `A lighthouse that never lights ${Date.now()}`;
    const card = await submitTextToVideo(page, prompt);
    await expect(card).toHaveAttribute("data-phase", "failed", { timeout: READY_TIMEOUT });

    const clock = card.getByTestId("video-job-elapsed");
    await expect(clock).toHaveText(/^took \d+\.\d s$/);
    const took = await clock.innerText();
    await page.getByTestId("activity-button").click();
    const row = page.getByTestId("activity-panel").getByTestId("job-row").filter({ hasText: prompt });
    await expect(row).toContainText(took);
    // Long enough for a clock that still counted to show it (the card's ended clock rereads every minute,
    // a reload reads it afresh).
    await page.waitForTimeout(2_000);
    await page.reload();
    await expect(jobCard(page, prompt).getByTestId("video-job-elapsed")).toHaveText(took);
  } finally {
    await request.delete(inferenceFaults);
  }
});

test("a submit refused with 429 queue_full is held, sent again once after Retry-After, and reaches Ready", async ({ page, request }) => {
  test.setTimeout(180_000);
  const agentPort = `http://127.0.0.1:${emulatorPorts.agent}/__emulator`;
  const postsToAgent = async () => {
    const log = (await (await request.get(`${agentPort}/requests`)).json()) as { requests: { method: string; path: string; status: number; time: string }[] };
    return log.requests.filter((entry) => entry.method === "POST" && entry.path === "/v1/videos");
  };
  // Long enough to see the job held on the dashboard; the emulator answers a video port's 429 fault
  // with spec 7.3's body, `queue_full` (emulator README, Control endpoints).
  const retryAfter = 6;
  await request.delete(`${agentPort}/requests`);
  const fault = await request.post(`${agentPort}/faults`, { data: { sequence: [{ kind: "429", retryAfter }], pathPrefix: "/v1/videos" } });
  expect(fault.ok(), await fault.text()).toBe(true);
  try {
    const prompt = `A kite waiting its turn on a windless hill ${Date.now()}`;
    const card = await submitTextToVideo(page, prompt);

    // Held, not reconciled: the refusal proves the agent created nothing, so the job waits to be sent
    // again, and says until when (not as a failure: the job goes on by itself).
    await expect(card).toHaveAttribute("data-phase", "submitting");
    await openDetails(card);
    const held = card.getByTestId("video-job-held");
    await expect(held).toContainText("The video service's queue is full");
    await expect(held).toContainText(`after the ${retryAfter} s the service asked it to wait`);
    await expect(held.getByTestId("video-job-next-try")).toHaveText(/^Next try at \d{1,2}:\d{2}:\d{2}\s?[AP]M \(in \d s\)$|^Trying again now$/);
    expect(await card.getByTestId("video-job-error").count()).toBe(0);

    await expect(card).toHaveAttribute("data-phase", "ready", { timeout: READY_TIMEOUT });
    await expect(held).toHaveCount(0);
    await expect(card.getByTestId("video-job-error")).toHaveCount(0);
    // Refused once, accepted once, and never sent a third time.
    await page.waitForTimeout(2_000);
    const posts = await postsToAgent();
    expect(posts).toHaveLength(2);
    expect(posts[0].status).toBe(429);
    expect(posts[1].status).toBeLessThan(300);
    // Held for the whole Retry-After, by the emulator's own clock: the message above stays the same
    // for those seconds, so counting the posts while it shows would race the resend on a busy machine.
    expect(Date.parse(posts[1].time) - Date.parse(posts[0].time)).toBeGreaterThanOrEqual(retryAfter * 1000);
  } finally {
    await request.delete(`${agentPort}/faults`);
  }
});
