import { expect, test, type APIRequestContext } from "@playwright/test";
import { adminStorageState, emulatorPorts } from "../playwright.config";
import { newMember, signUp } from "./accounts";

// The admin video page: an admin switches the video agent's partition and watches it become ready
// (spec 3.2: the page polls every 12 s), checks the agent's health and runs a test job on the
// inference server; a member is refused the page and every admin video API.
const agent = `http://127.0.0.1:${emulatorPorts.agent}`;
/** The fast profile's switch time (emulator/README.md, "Configuration"). */
const FAST_SWITCH_SECONDS = 0.2;

async function agentControl(request: APIRequestContext, method: "POST" | "PATCH", pathname: string, data: unknown) {
  const response = await request.fetch(`${agent}/__emulator${pathname}`, { method, data });
  expect(response.ok(), await response.text()).toBe(true);
}

/** fl2va loaded and ready, switches at the fast profile's speed: what every other spec expects. */
async function restorePartition(request: APIRequestContext) {
  await agentControl(request, "PATCH", "/config", { video: { partitionSwitchSeconds: FAST_SWITCH_SECONDS } });
  await agentControl(request, "POST", "/video/partition/state", { state: "ready", current: "fl2va" });
}

test.describe("the admin video page", () => {
  test.use({ storageState: adminStorageState });

  test.beforeEach(async ({ request }) => {
    await restorePartition(request);
  });
  test.afterEach(async ({ request }) => {
    await restorePartition(request);
  });

  test("an admin switches the partition from fl2va to ref2va and watches it become ready, while a member's form shows the wait", async ({ page, request, browser }) => {
    // Slow enough that both pages see the switch under way; their next poll (12 s later) sees it done.
    await agentControl(request, "PATCH", "/config", { video: { partitionSwitchSeconds: 8 } });
    const memberContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, storageState: undefined });
    const memberPage = await memberContext.newPage();
    await signUp(memberPage, newMember("partition-wait"));

    await page.goto("/admin");
    await page.getByRole("link", { name: "Video service: partition and health →" }).click();
    await expect(page).toHaveURL(/\/admin\/video$/);
    await expect(page.getByRole("heading", { name: "Video service" })).toBeVisible();
    await expect(page.getByTestId("partition-current")).toHaveText("fl2va");
    await expect(page.getByTestId("partition-state")).toHaveText("ready");
    await expect(page.getByRole("button", { name: "fl2va loaded" })).toBeDisabled();

    await page.getByRole("button", { name: "Switch to ref2va" }).click();
    const dialog = page.getByRole("dialog", { name: "Switch to ref2va?" });
    await expect(dialog).toContainText("submissions are held");
    await dialog.getByRole("button", { name: "Switch to ref2va" }).click();

    await expect(page.getByTestId("partition-outcome")).toHaveAttribute("data-outcome", "accepted");
    await expect(page.getByTestId("partition-switching")).toContainText("Switching… submissions are held");
    await expect(page.getByTestId("partition-state")).toHaveText("switching");

    // Meanwhile a member choosing References sees the hold (spec 3.2: no submissions while switching).
    await memberPage.goto("/videos");
    await memberPage.getByTestId("video-task-ref2va").click();
    const memberStatus = memberPage.getByTestId("partition-status");
    await expect(memberStatus).toHaveAttribute("data-usable", "false");
    await expect(memberStatus).toContainText("Submissions are held while the video service switches mode");
    await expect(memberPage.getByTestId("video-submit")).toBeDisabled();

    // Spec 3.2: polled every 10 to 15 s; the page promises 12.
    await expect(page.getByTestId("partition-state")).toHaveText("ready", { timeout: 20_000 });
    await expect(page.getByTestId("partition-current")).toHaveText("ref2va");
    await expect(page.getByTestId("partition-ready")).toHaveText("yes");
    await expect(page.getByTestId("partition-switching")).toHaveCount(0);
    await expect(page.getByTestId("partition-outcome")).toHaveAttribute("data-outcome", "done");
    await expect(page.getByRole("button", { name: "ref2va loaded" })).toBeDisabled();

    const upstream = (await (await request.get(`${agent}/v1/partition`)).json()) as { current: string; state: string };
    expect(upstream).toMatchObject({ current: "ref2va", state: "ready" });
    // The member's form notices at its next poll and lets References through.
    await expect(memberStatus).toHaveAttribute("data-usable", "true", { timeout: 20_000 });
    await memberContext.close();
  });

  test("the health card shows a degraded agent (503) as degraded, naming the dependency", async ({ page, request }) => {
    await page.goto("/admin/video");
    await expect(page.getByTestId("agent-health-state")).toHaveAttribute("data-state", "ok");
    await expect(page.getByTestId("queue-usage")).toContainText("queued");
    await expect(page.getByTestId("inference-health-state")).toHaveAttribute("data-state", "ok");

    await agentControl(request, "PATCH", "/config", { video: { degradedDependencies: ["moderation"] } });
    try {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(page.getByTestId("agent-health-state")).toHaveAttribute("data-state", "degraded");
      await expect(page.getByText("The agent reports itself degraded (HTTP 503)")).toBeVisible();
      await expect(page.getByTestId("dependency-moderation")).toContainText("degraded");
      await expect(page.getByTestId("dependency-database")).toContainText("ok");
    } finally {
      await agentControl(request, "PATCH", "/config", { video: { degradedDependencies: [] } });
    }
  });

  test("on a phone, the test job's three settings sit level in one row", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/video");
    const card = page.getByTestId("video-inference-card");
    const boxes = await Promise.all(["Seconds", "Aspect ratio", "Seed"].map((label) => card.getByLabel(label, { exact: true }).boundingBox()));
    expect(new Set(boxes.map((box) => box?.y)).size).toBe(1);
  });

  test("an admin runs a base-resolution job on the inference server, watches it finish and plays it", async ({ page }) => {
    await page.goto("/admin/video");
    const card = page.getByTestId("video-inference-card");
    await card.getByLabel("Prompt").fill("A paper boat drifting down a rainy street");
    await card.getByLabel("Seconds").fill("4");
    await card.getByLabel("Seed").fill("7");
    await card.getByRole("button", { name: "Run on the inference server" }).click();

    await expect(card.getByTestId("inference-job-status")).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
    const video = card.getByTestId("inference-video");
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(3);

    const source = await video.getAttribute("src");
    const download = await page.request.get(source!);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("video/mp4");
    expect((await download.body()).subarray(4, 8).toString("latin1")).toBe("ftyp");
    await expect(card.getByRole("link", { name: "Download MP4" })).toHaveAttribute("href", source!);
  });
});

test("a member gets 403 on the admin video page and on every admin video API", async ({ page }) => {
  await signUp(page, newMember("video-member"));

  const response = await page.goto("/admin/video");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();

  const partitionBefore = await (await page.request.get(`${agent}/v1/partition`)).json();
  const calls = [
    page.request.get("/api/admin/video/partition"),
    page.request.post("/api/admin/video/partition", { data: { partition: "ref2va" } }),
    page.request.get("/api/admin/video/health"),
    page.request.post("/api/admin/video/inference", { data: { prompt: "not allowed", seconds: 4, aspectRatio: "16:9" } }),
    page.request.get("/api/admin/video/inference/inf_000000000000000000000000"),
    page.request.get("/api/admin/video/inference/inf_000000000000000000000000/content"),
  ];
  for (const answer of await Promise.all(calls)) {
    expect(answer.status(), answer.url()).toBe(403);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  }
  // Nothing switched on the member's behalf.
  expect(await (await page.request.get(`${agent}/v1/partition`)).json()).toEqual(partitionBefore);
});
