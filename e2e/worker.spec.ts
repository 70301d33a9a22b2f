import { expect } from "@playwright/test";
import { emulatorPorts } from "../playwright.config";
import { testAsNewMember } from "./member-test";
import { workerPids } from "./worker-process";

// The worker process on the production build (`npm start` runs it beside the web server and starts it
// again when it stops): killed with SIGKILL while it copies a finished video into storage, the next
// worker takes the job up from its row and finishes it, and the agent is sent the job once.
const test = testAsNewMember("worker");
const agent = `http://127.0.0.1:${emulatorPorts.agent}/__emulator`;

type LoggedRequest = { method: string; path: string; status: number };

test("a worker killed with SIGKILL during a video's archive is started again, and the video reaches Ready, sent once", async ({ page, request }) => {
  test.setTimeout(180_000);
  const requests = async () => ((await (await request.get(`${agent}/requests`)).json()) as { requests: LoggedRequest[] }).requests;
  const [firstWorker] = await workerPids();
  expect(firstWorker, "the run's worker process").toBeDefined();

  // Long enough a generation to learn the job's id from the studio's polls before it finishes.
  await request.patch(`${agent}/config`, { data: { video: { generationSeconds: 6 } } });
  await request.delete(`${agent}/requests`);
  try {
    const prompt = `A lighthouse keeper winding the clock ${Date.now()}`;
    await page.goto("/videos");
    await expect(page.getByTestId("partition-status")).toHaveAttribute("data-usable", "true", { timeout: 30_000 });
    await page.getByRole("textbox", { name: "Prompt" }).fill(prompt);
    await page.getByTestId("video-task-t2va").click();
    await page.getByTestId("video-submit").click();
    const card = page.getByTestId("video-job").filter({ hasText: prompt });
    await expect(card).toBeVisible();

    let upstreamId = "";
    await expect
      .poll(async () => {
        const poll = (await requests()).find((entry) => entry.method === "GET" && /^\/v1\/videos\/[^/]+$/.test(entry.path));
        upstreamId = poll?.path.split("/").at(-1) ?? "";
        return upstreamId;
      }, { timeout: 30_000 })
      .not.toBe("");
    // The first download of the result hangs, so the worker is caught in the middle of the archive.
    const fault = await request.post(`${agent}/faults`, { data: { sequence: [{ kind: "slow", ms: 30_000 }], pathPrefix: `/v1/videos/${upstreamId}/content` } });
    expect(fault.ok(), await fault.text()).toBe(true);
    await expect(card).toHaveAttribute("data-phase", "archiving", { timeout: 60_000 });

    process.kill(firstWorker, "SIGKILL");

    await expect.poll(async () => (await workerPids()).filter((pid) => pid !== firstWorker).length, { timeout: 30_000 }).toBe(1);
    await expect(card).toHaveAttribute("data-phase", "ready", { timeout: 90_000 });
    const log = await requests();
    expect(log.filter((entry) => entry.method === "POST" && entry.path === "/v1/videos")).toHaveLength(1);
    expect(log.some((entry) => entry.path === `/v1/videos/${upstreamId}/content` && entry.status === 200)).toBe(true);
  } finally {
    await request.delete(`${agent}/faults`);
    await request.patch(`${agent}/config`, { data: { video: { generationSeconds: 0 } } });
  }
});
