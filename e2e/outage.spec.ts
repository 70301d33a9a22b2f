import { expect, type APIRequestContext } from "@playwright/test";
import { adminStorageState, emulatorPorts } from "../playwright.config";
import type { UpstreamReachabilityAnswer } from "../lib/upstream/reachability/reachability-dto";
import { testAsNewMember } from "./member-test";
import { settleJobs } from "./settle-jobs";

// With the image service down, the designer is told before any click, a generation waits
// for the service instead of failing, the admin sees it on the health page, and when the service
// returns the generation goes on by itself. The emulator's image port is stopped through the agent's
// port (emulator/README.md, "Control endpoints"), so the studio meets a refused connection. Specs run
// one at a time (playwright.config.ts: one worker), and the port is started again after the test.
const test = testAsNewMember("outage");

const imagePort = `http://127.0.0.1:${emulatorPorts.agent}/__emulator/ports/image`;

async function switchImagePort(request: APIRequestContext, action: "stop" | "start") {
  const response = await request.post(`${imagePort}/${action}`);
  expect(response.ok(), await response.text()).toBe(true);
}

async function imageServiceReachable(request: APIRequestContext): Promise<boolean> {
  const answer = (await (await request.get("/api/upstreams")).json()) as UpstreamReachabilityAnswer;
  return answer.upstreams.find((state) => state.service === "image")?.reachable ?? false;
}

test.afterEach(async ({ page, request }) => {
  await switchImagePort(request, "start");
  // The next spec meets a studio that knows the service is back, with none of this test's jobs running.
  await expect.poll(() => imageServiceReachable(page.request), { timeout: 15_000 }).toBe(true);
  await settleJobs(page.request);
});

test("with the image service stopped the designer is told before clicking, a generation waits for it and finishes once it is back", async ({ page, request, browser }) => {
  // Two outage edges, each noticed at the next probe (UPSTREAM_PROBE_TICK_MS in playwright.config.ts).
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, storageState: adminStorageState });
  try {
    // Both pages are open before the outage: each learns of it, and of its end, by itself.
    const admin = await adminContext.newPage();
    await admin.goto("/admin/video");
    const imageRow = admin.getByTestId("reachability-image");
    await expect(imageRow).toBeVisible();
    const formNotice = page.getByTestId("alpha-upstream-notice");
    const shellNotice = page.getByTestId("shell-upstream-notice");
    await page.goto("/alpha");
    await expect(page.getByRole("textbox", { name: "Prompt" })).toBeVisible();
    await expect(formNotice).toBeHidden();

    await switchImagePort(request, "stop");
    await expect(formNotice).toContainText("The image service is unreachable", { timeout: 20_000 });
    await expect(shellNotice).toContainText("The image service is unreachable");
    await expect(imageRow).toContainText("unreachable");
    // Refused, or a kept-alive connection the stop cut: either way no answer came.
    await expect(imageRow).toContainText(/last failure (ECONNREFUSED|ECONNRESET|no_answer)/);

    const prompt = `A harbour in the fog ${Date.now()}`;
    await page.getByRole("textbox", { name: "Prompt" }).fill(prompt);
    await page.getByRole("button", { name: "Generate" }).click();
    const progress = page.getByTestId("alpha-progress");
    await expect(progress).toContainText("Waiting for the service to return");
    await expect(progress).toContainText("the image service is unreachable since");

    await switchImagePort(request, "start");
    await expect(page.getByTestId("alpha-result").first().getByText(prompt, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(progress).toBeHidden();
    await expect(formNotice).toBeHidden();
    await expect(shellNotice).toBeHidden();
    await expect(imageRow).not.toContainText("unreachable");
  } finally {
    await adminContext.close();
  }
});
