import { expect } from "@playwright/test";
import { emulatorPorts } from "../playwright.config";
import { testAsNewMember } from "./member-test";
import { workerPids } from "./worker-process";

// The worker process on the production build (`npm start` runs it beside the web server and starts it
// again when it stops), killed with SIGKILL in the middle of its work:
// - while it copies a finished video into storage: the next worker takes the job up from its row and
//   finishes it, and the agent is sent the job once;
// - while an alpha v3 generation waits for the upstream: the next worker ends it as interrupted, with
//   Run again, and never sends it a second time (the call costs money and is not idempotent).
const test = testAsNewMember("worker");
const agent = `http://127.0.0.1:${emulatorPorts.agent}/__emulator`;
const imageService = `http://127.0.0.1:${emulatorPorts.image}/__emulator`;
const ALPHA_V3_PATH = "/v1/wand/alpha-image/v3-generation";

type LoggedRequest = { method: string; path: string; status: number };

test("a load balancer's probes: /api/health is live, /api/ready is ready with the worker running and names no secret", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });

  const ready = await request.get("/api/ready");
  const text = await ready.text();
  expect(ready.status(), text).toBe(200);
  expect(JSON.parse(text)).toMatchObject({ status: "ready", checks: { database: { ok: true }, migrations: { ok: true }, storage: { ok: true }, worker: { ok: true } } });
  expect(text).not.toMatch(/postgres(ql)?:\/\/|password|secret/i);
});

test("a worker killed with SIGKILL during a video's archive is started again, and the video reaches Ready, sent once", async ({ page, request }) => {
  test.setTimeout(180_000);
  const requests = async () => ((await (await request.get(`${agent}/requests`)).json()) as { requests: LoggedRequest[] }).requests;
  const [firstWorker] = await workerPids();
  expect(firstWorker, "the run's worker process").toBeDefined();

  // Long enough a generation to learn the job's id from the studio's polls before it finishes.
  await request.patch(`${agent}/config`, { data: { video: { generationSeconds: 12 } } });
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

test("a worker killed with SIGKILL during an alpha generation: the generation ends interrupted with Run again, sent once", async ({ page, request }) => {
  test.setTimeout(120_000);
  const requests = async () => ((await (await request.get(`${imageService}/requests`)).json()) as { requests: LoggedRequest[] }).requests;
  const generationPosts = async () => (await requests()).filter((entry) => entry.method === "POST" && entry.path === ALPHA_V3_PATH);
  const [firstWorker] = await workerPids();
  expect(firstWorker, "the run's worker process").toBeDefined();

  await request.delete(`${imageService}/requests`);
  // The upstream takes its time answering: the worker is caught holding the generation. The emulator
  // logs a request once it has answered, so the fault being used up is what shows the call arrived.
  const fault = await request.post(`${imageService}/faults`, { data: { sequence: [{ kind: "slow", ms: 10_000 }], pathPrefix: ALPHA_V3_PATH } });
  expect(fault.ok(), await fault.text()).toBe(true);
  const faultsLeft = async () => ((await (await request.get(`${imageService}/faults`)).json()) as { sequence: unknown[] }).sequence.length;
  try {
    await page.goto("/alpha");
    await page.getByRole("textbox", { name: "Prompt" }).fill(`A kite over the dunes ${Date.now()}`);
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByTestId("alpha-progress")).toBeVisible();
    await expect.poll(faultsLeft, { timeout: 30_000 }).toBe(0);

    process.kill(firstWorker, "SIGKILL");

    await expect.poll(async () => (await workerPids()).filter((pid) => pid !== firstWorker).length, { timeout: 30_000 }).toBe(1);
    const alert = page.getByRole("alert").filter({ hasText: "Interrupted by a restart" });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert.getByRole("button", { name: "Run again" })).toBeVisible();
    // The cut-off call is logged once its slow answer is over; by then the new worker has long run.
    await expect.poll(async () => (await generationPosts()).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(2_000);
    expect(await generationPosts()).toHaveLength(1);
  } finally {
    await request.delete(`${imageService}/faults`);
  }
});
