import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { emulatorPorts } from "../playwright.config";
import { newMember, signUp } from "./accounts";

// Generations and chat turns run as server jobs. Leaving, reloading or closing the page
// never stops them; the activity tray counts them and a toast says when one finishes elsewhere.
const emulatorControl = `http://127.0.0.1:${emulatorPorts.image}/__emulator`;
const ALPHA_V3_PATH = "/v1/wand/alpha-image/v3-generation";
const ALPHA_V35_PATH = "/v1/wand/alpha-image/v35-generation";
const screenshots = process.env.SCREENSHOT_DIR ?? "test-results/screenshots";

/** The next request to `pathPrefix` waits `ms` before the emulator answers it. */
async function slowNext(request: APIRequestContext, pathPrefix: string, ms: number) {
  const response = await request.post(`${emulatorControl}/faults`, { data: { sequence: [{ kind: "slow", ms }], pathPrefix } });
  expect(response.ok()).toBe(true);
}

/** How long the next generation takes in the Cancel tests: it must still run once a second tab has opened on a busy machine. */
const CANCELLABLE_MS = 30_000;

const activityButton = (page: Page) => page.getByTestId("activity-button");
const activityCount = (page: Page) => page.getByTestId("activity-count");

async function startAlphaV3(page: Page, prompt: string) {
  await page.goto("/alpha");
  await page.getByRole("textbox", { name: "Prompt" }).fill(prompt);
  await page.getByRole("button", { name: "Generate" }).click();
}

test.beforeEach(async ({ page, request }) => {
  await request.delete(`${emulatorControl}/faults`);
  await signUp(page, newMember("jobs"));
});

test.afterEach(async ({ request }) => {
  await request.delete(`${emulatorControl}/faults`);
});

test("a v3 generation keeps running while the designer is in the chat editor; the tray counts it down and a toast links back", async ({ page, request }) => {
  await slowNext(request, ALPHA_V3_PATH, 5_000);
  const prompt = `A harbour at night ${Date.now()}`;
  await startAlphaV3(page, prompt);
  await expect(page.getByTestId("alpha-progress")).toBeVisible();
  await expect(activityCount(page)).toHaveText("1");

  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Chat editor" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(activityCount(page)).toHaveText("1");

  const toast = page.getByTestId("toast").filter({ hasText: "Image ready" });
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await expect(activityCount(page)).toHaveCount(0);
  await expect(activityButton(page)).toHaveAccessibleName("Activity");
  // Its 10 s stand still while the pointer rests on it.
  await toast.hover();
  await page.waitForTimeout(11_000);
  await expect(toast).toBeVisible();

  await toast.getByRole("link", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/alpha$/);
  const result = page.getByTestId("alpha-result").first();
  await expect(result.getByText(prompt, { exact: true })).toBeVisible();
  await expect(result.getByTestId("alpha-result-image")).toBeVisible();
  await expect(page.getByTestId("alpha-progress")).toHaveCount(0);
});

test("reloading mid-generation reattaches the progress, with the time since it started", async ({ page, request }) => {
  await slowNext(request, ALPHA_V3_PATH, 6_000);
  const prompt = `A quiet library ${Date.now()}`;
  await startAlphaV3(page, prompt);
  await expect(page.getByTestId("alpha-progress")).toBeVisible();
  await page.waitForTimeout(2_000);

  await page.reload();
  const progress = page.getByTestId("alpha-progress");
  await expect(progress).toBeVisible();
  await expect(progress.getByRole("status")).toHaveText(/Generating|Starting/);
  // The clock counts from the job's creation, not from the reload.
  await expect(progress.getByText(/^([2-9]|\d\d+)\.\d s$/)).toBeVisible();
  await expect(page.getByRole("article", { name: "Generation in progress" })).toBeVisible();

  await expect(page.getByTestId("alpha-result").first().getByText(prompt, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("alpha-result-image").first()).toBeVisible();
  await expect(progress).toHaveCount(0);
  // Finished on its own page: no toast. One would have come with the job's finished event, before the
  // result showed, and would leave by itself after 10 s: counted once, so it cannot be waited out.
  await page.waitForTimeout(1_000);
  expect(await page.getByTestId("toast").count()).toBe(0);
});

test("a chat turn sent from a page that is then closed completes in a new page", async ({ page, context, request }) => {
  await slowNext(request, ALPHA_V35_PATH, 5_000);
  await page.goto("/chat");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("A paper lantern over a river");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?turn=/);
  await expect(page.getByTestId("turn-progress")).toBeVisible();
  // The conversation list says which conversation has a turn running.
  await expect(page.getByRole("link", { name: /A paper lantern over a river/ }).getByTestId("conversation-running")).toHaveText("Generating ·");
  const address = page.url();
  await page.close();

  const next = await context.newPage();
  await next.goto(address);
  const turn = next.getByRole("article", { name: "Turn 1", exact: true });
  await expect(turn.getByTestId("turn-image")).toBeVisible({ timeout: 20_000 });
  await expect(next.getByTestId("turn-progress")).toHaveCount(0);
  await expect(turn.getByTestId("user-message")).toHaveText("A paper lantern over a river");
});

test("Cancel in the activity tray stops a running generation; the tray lists it as cancelled", async ({ page, request }) => {
  await slowNext(request, ALPHA_V3_PATH, CANCELLABLE_MS);
  const prompt = `A cancelled sunrise ${Date.now()}`;
  await startAlphaV3(page, prompt);
  await expect(page.getByTestId("alpha-progress")).toBeVisible();

  await activityButton(page).click();
  await expect(activityButton(page)).toHaveAttribute("aria-expanded", "true");
  const panel = page.getByTestId("activity-panel");
  await expect(panel.getByRole("heading", { name: "Activity" })).toBeFocused();
  const row = panel.getByTestId("job-row").filter({ hasText: prompt });
  await expect(row).toHaveAttribute("data-job-state", /queued|waiting|generating/);
  await expect(row).toContainText("Alpha v3");
  await page.screenshot({ path: `${screenshots}/tray-running.png` });

  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toHaveAttribute("data-job-state", "cancelled", { timeout: 10_000 });
  await expect(row.getByTestId("job-status")).toHaveText("Cancelled");
  await expect(page.getByRole("status").filter({ hasText: "Cancelled" }).first()).toBeVisible();
  await expect(page.getByTestId("alpha-progress")).toHaveCount(0);
  await page.screenshot({ path: `${screenshots}/tray-finished.png` });

  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(activityButton(page)).toBeFocused();

  // The same tray on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await activityButton(page).click();
  await expect(panel).toBeVisible();
  await page.screenshot({ path: `${screenshots}/tray-mobile.png` });
});

test("a press on the activity button opens it even when a job starts before the release", async ({ page, request }) => {
  await slowNext(request, ALPHA_V3_PATH, 5_000);
  await page.goto("/alpha");
  await expect(activityButton(page)).toHaveAccessibleName("Activity");
  const box = await activityButton(page).boundingBox();
  if (!box) throw new Error("the activity button is not drawn");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // The button's icon turns into a spinner and a count under the pointer.
  const started = await page.request.post("/api/alpha/v3/generations", { data: { prompt: `A pressed button ${Date.now()}`, images: [], size: "1024x1024", revise: false } });
  expect(started.status(), await started.text()).toBe(202);
  await expect(activityCount(page)).toHaveText("1");
  await page.mouse.up();
  await expect(activityButton(page)).toHaveAttribute("aria-expanded", "true");
  const row = page.getByTestId("activity-panel").getByTestId("job-row");
  await expect(row).toHaveCount(1);
  // Ended before the next test, which counts the upstream calls.
  await expect(row).toHaveAttribute("data-job-state", "succeeded", { timeout: 20_000 });
});

test("Cancel from a second tab ends the generation in the first at once and aborts the upstream call", async ({ page, request }) => {
  test.setTimeout(90_000);
  type LoggedRequest = { method: string; path: string; clientClosed?: true };
  const generationPosts = async () =>
    ((await (await request.get(`${emulatorControl}/requests`)).json()) as { requests: LoggedRequest[] }).requests.filter((entry) => entry.method === "POST" && entry.path === ALPHA_V3_PATH);
  const faultsLeft = async () => ((await (await request.get(`${emulatorControl}/faults`)).json()) as { sequence: unknown[] }).sequence.length;
  await request.delete(`${emulatorControl}/requests`);
  await slowNext(request, ALPHA_V3_PATH, CANCELLABLE_MS);
  const prompt = `A sunrise cancelled from elsewhere ${Date.now()}`;
  await startAlphaV3(page, prompt);
  await expect(page.getByTestId("alpha-progress")).toBeVisible();
  // The fault is used up once the worker's call has reached the upstream.
  await expect.poll(faultsLeft, { timeout: 20_000 }).toBe(0);

  const second = await page.context().newPage();
  await second.goto("/gallery");
  await activityButton(second).click();
  const row = second.getByTestId("activity-panel").getByTestId("job-row").filter({ hasText: prompt });
  await row.getByRole("button", { name: "Cancel" }).click();

  await expect(row).toHaveAttribute("data-job-state", "cancelled", { timeout: 5_000 });
  await expect(page.getByTestId("alpha-progress")).toHaveCount(0, { timeout: 5_000 });
  await expect(activityCount(page)).toHaveCount(0);
  // The emulator logs the call when its slow answer is over: the studio had closed it by then.
  await expect.poll(generationPosts, { timeout: 35_000 }).toEqual([expect.objectContaining({ clientClosed: true })]);
  await second.close();
});

test("with nothing started, the tray says there is no activity", async ({ page }) => {
  await page.goto("/");
  await expect(activityCount(page)).toHaveCount(0);
  await activityButton(page).click();
  await expect(page.getByTestId("activity-panel")).toContainText("No activity");
  await page.screenshot({ path: `${screenshots}/tray-empty.png` });
});

/** EventSource.readyState values. */
const EventSourceState = { open: 1, closed: 2 } as const;

// A browser gives a site six HTTP/1.1 connections: a stream per hidden tab would use them up.
test("a hidden tab closes its job stream; shown again it re-reads the list and opens a new one", async ({ page }) => {
  // Every EventSource the page makes, kept where the test can read its readyState (2 = closed).
  await page.addInitScript(() => {
    const Original = window.EventSource;
    const streams: EventSource[] = [];
    Object.assign(window, { jobStreams: streams });
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        streams.push(this);
      }
    };
  });
  const streamStates = () => page.evaluate(() => (window as unknown as { jobStreams: EventSource[] }).jobStreams.map((stream) => stream.readyState));
  const showAs = (state: "hidden" | "visible") =>
    page.evaluate((visibility) => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
      document.dispatchEvent(new Event("visibilitychange"));
    }, state);

  await page.goto("/alpha");
  await expect.poll(streamStates).toEqual([EventSourceState.open]);

  await showAs("hidden");
  await expect.poll(streamStates).toEqual([EventSourceState.closed]);

  const listRead = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/jobs" && request.method() === "GET");
  await showAs("visible");
  await listRead;
  await expect.poll(streamStates).toEqual([EventSourceState.closed, EventSourceState.open]);
});
