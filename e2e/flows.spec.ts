import { expect, type APIRequestContext } from "@playwright/test";
import { emulatorPorts } from "../playwright.config";
import { testAsNewMember } from "./member-test";

// Flows between the services, with lineage: "Animate" on a gallery image opens the videos page with
// the image as the first frame (cropped to the chosen ratio by the keyframe preparation); the job it
// starts records the image it used, and its detail page links back to the gallery entry. "Use frame"
// on the finished video keeps the player's frame as an image made from the video, and animates it in turn.
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
  const player = page.getByTestId("video-player");
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const useFrame = page.getByTestId("video-use-frame");
  await useFrame.getByTestId("video-use-frame-take").click();
  await expect(useFrame.getByTestId("video-use-frame-image")).toBeVisible();
  // The frame is kept as an image made from the video: both pages say so.
  await expect(page.getByTestId("video-used-in")).toContainText("frame taken");
  const frameEntry = await useFrame.getByTestId("video-use-frame-entry").getAttribute("href");
  await useFrame.getByTestId("flow-animate").click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(page.getByTestId("video-keyframe-first-image")).toBeVisible();
  await page.goto(frameEntry!);
  await expect(page.getByTestId("gallery-made-from")).toContainText("frame taken");
});
