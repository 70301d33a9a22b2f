import { createHash } from "node:crypto";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startEmulator, type RunningEmulator } from "../emulator";
import { newMember, signUpFirstAccount } from "./accounts";
import { freePort } from "../lib/db/embedded-postgres";
import { S3RVER_CREDENTIALS } from "../test/s3-server-fork";
import { BUCKET, startCluster, startRoundRobinProxy, type Cluster } from "./multi-instance-cluster";

// README "Running several instances", end to end: two web processes and two workers from the
// production build on one PostgreSQL, one object store and one emulator, a round-robin proxy in
// front. Twenty alpha generations through the proxy share ALPHA_CONCURRENCY=2 across every process;
// the stream of one web process shows what the other started; a cancel through the proxy ends its
// job; a worker killed with SIGKILL leaves no job behind: those it held end interrupted (their
// upstream call is not idempotent), every other one succeeds on the other worker; each result is one
// object in the store, readable through both web processes.
const ALPHA_V3_PATH = "/v1/wand/alpha-image/v3-generation";
const GENERATIONS = 20;
const ACTIVE = ["queued", "waiting", "generating", "storing"];
type JobEvent = { id: string; state: string };

let emulator: RunningEmulator | undefined;
let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>> | undefined;
let stopCluster: () => Promise<void> = async () => {};
let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  emulator = await startEmulator({ config: { latency: "fast", imageConcurrency: 50 } });
  // Every alpha call takes a second, so the calls overlap wherever the studio lets them.
  await fetch(`${emulator.urls.image}/__emulator/faults`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ rate: 1, fault: { kind: "slow", ms: 1_000 }, pathPrefix: ALPHA_V3_PATH }),
  });
  // The proxy's address is every instance's public URL, so its port is chosen before they start.
  const proxyPort = await freePort();
  const started = startCluster({
    webs: 2,
    workers: 2,
    upstreams: { ...emulator.urls, key: "emulator-key" },
    publicUrl: `http://127.0.0.1:${proxyPort}`,
    env: { ALPHA_CONCURRENCY: "2", USER_MAX_RUNNING_GENERATIONS: String(GENERATIONS) },
  });
  stopCluster = started.stop;
  cluster = await started.ready;
  proxy = await startRoundRobinProxy(proxyPort, cluster.webs);
});

test.afterAll(async () => {
  await proxy?.close();
  await stopCluster();
  await emulator?.close();
});

test("two web processes and two workers share one database, store and upstream limit, and survive a worker's SIGKILL", async ({ browser }) => {
  test.setTimeout(240_000);
  const [webA, webB] = cluster.webs;
  const database = new pg.Client({ connectionString: cluster.databaseUrl });
  await database.connect();
  const context = await browser.newContext({ baseURL: webA });
  try {
    // The designer signs up (the first account) through web A; the session is good on every process.
    await signUpFirstAccount(await context.newPage(), newMember("designer"));
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
    const call = (url: string, init: RequestInit = {}) => fetch(url, { ...init, headers: { Cookie: cookie, "Content-Type": "application/json", ...init.headers } });

    // Progress is watched on web B's stream.
    const events: JobEvent[] = [];
    const stream = await call(`${webB}/api/jobs/events`);
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reading = (async () => {
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        const blocks = buffer.split("\n\n");
        buffer = blocks.pop() ?? "";
        for (const block of blocks) {
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) events.push(JSON.parse(data) as JobEvent);
        }
      }
    })().catch(() => undefined);

    const jobIds: string[] = [];
    for (let index = 0; index < GENERATIONS; index += 1) {
      const answer = await call(`${proxy!.url}/api/alpha/v3/generations`, { method: "POST", body: JSON.stringify({ prompt: `A lantern on a pier, number ${index}`, revise: false }) });
      expect(answer.status, await answer.clone().text()).toBe(202);
      jobIds.push(((await answer.json()) as { job: { id: string } }).job.id);
    }
    expect(proxy!.sentTo, "the proxy sent starts to both web processes").toEqual([GENERATIONS / 2, GENERATIONS / 2]);

    // A third request cancels the last job, still waiting behind the others.
    const cancelled = jobIds.at(-1)!;
    const cancel = await call(`${proxy!.url}/api/jobs/${cancelled}/cancel`, { method: "POST" });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    const stateOf = async (id: string) => (await database.query<{ state: string }>(`SELECT state::text FROM "Job" WHERE id = $1`, [id])).rows[0].state;
    await expect.poll(() => stateOf(cancelled), { timeout: 15_000 }).toBe("cancelled");

    // A worker dies mid-run, while both workers hold jobs (each job names its worker's runner), so
    // that the survivor has its own to go on with.
    const workersHolding = async () =>
      Number((await database.query(`SELECT count(DISTINCT "runnerId") FROM "Job" WHERE state::text = ANY($1) AND "runnerId" IS NOT NULL`, [ACTIVE])).rows[0].count);
    await expect.poll(workersHolding, { timeout: 30_000, intervals: [50] }).toBe(2);
    const killedAt = new Date();
    process.kill(cluster.workerPids[0], "SIGKILL");
    // The killed worker's jobs are those whose heartbeat stopped at the kill; the survivor beats
    // the jobs it holds every 5 s.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const orphaned = (
      await database.query<{ id: string }>(`SELECT id FROM "Job" WHERE state::text = ANY($1) AND "runnerId" IS NOT NULL AND "heartbeatAt" < $2`, [ACTIVE, killedAt])
    ).rows.map(({ id }) => id);

    // The survivor ends the killed worker's jobs once their heartbeat is 20 s old (it looks every
    // 5 s): within 25 s of the kill, with no minute's tick awaited.
    const orphanStates = async () => (await database.query<{ state: string }>(`SELECT state::text FROM "Job" WHERE id = ANY($1)`, [orphaned])).rows.map(({ state }) => state);
    await expect.poll(orphanStates, { timeout: 30_000 - (Date.now() - killedAt.getTime()), intervals: [500] }).toEqual(orphaned.map(() => "interrupted"));
    // Every job ends: the survivor runs the rest.
    const activeCount = async () => Number((await database.query(`SELECT count(*) FROM "Job" WHERE state::text = ANY($1)`, [ACTIVE])).rows[0].count);
    await expect.poll(activeCount, { timeout: 120_000, intervals: [1_000] }).toBe(0);
    const { rows: jobs } = await database.query<{ id: string; state: string; generationId: string }>(`SELECT id, state::text, "generationId" FROM "Job"`);
    expect(jobs).toHaveLength(GENERATIONS);
    for (const job of jobs) {
      const expected = job.id === cancelled ? "cancelled" : orphaned.includes(job.id) ? "interrupted" : "succeeded";
      expect(job.state, `job ${job.id}`).toBe(expected);
    }
    // How many the killed worker held varies (a worker takes many jobs at once); what must hold is
    // that the survivor went on with its own after the kill.
    const finishedAfterKill = Number(
      (await database.query(`SELECT count(*) FROM "Job" WHERE state = 'succeeded' AND "finishedAt" > $1`, [killedAt])).rows[0].count,
    );
    expect(finishedAfterKill, "generations the surviving worker finished after the kill").toBeGreaterThan(0);

    // The upstream never had more than ALPHA_CONCURRENCY calls in flight, across both workers.
    const { requests } = (await (await fetch(`${emulator!.urls.image}/__emulator/requests`)).json()) as { requests: { method: string; path: string; time: string; durationMs: number }[] };
    const calls = requests.filter((entry) => entry.method === "POST" && entry.path === ALPHA_V3_PATH);
    expect(calls.length).toBeGreaterThanOrEqual(jobs.filter((job) => job.state === "succeeded").length);
    const edges = calls.flatMap((entry) => [
      { at: Date.parse(entry.time), change: 1 },
      { at: Date.parse(entry.time) + entry.durationMs, change: -1 },
    ]);
    // At one instant an end comes before a start: the next call is sent once the last one has answered.
    edges.sort((a, b) => a.at - b.at || a.change - b.change);
    let inFlight = 0;
    let most = 0;
    for (const edge of edges) most = Math.max(most, (inFlight += edge.change));
    expect(most).toBe(2);

    // Web B's stream told the end of every job, those started through web A included.
    await expect.poll(() => jobs.every((job) => events.some((event) => event.id === job.id && event.state === job.state)), { timeout: 10_000 }).toBe(true);
    expect(events.some((event) => event.state === "generating" || event.state === "waiting")).toBe(true);
    await reader.cancel();
    await reading;

    // Each result is one object in the store under its content's hash (beside its thumbnail), named by one asset row.
    const { rows: assets } = await database.query<{ id: string; storageKey: string; thumbnailKey: string | null; sha256: string }>(
      `SELECT a.id, a."storageKey", a."thumbnailKey", a.sha256 FROM "Asset" a JOIN "Job" j ON j."generationId" = a."generationId" WHERE j.state = 'succeeded'`,
    );
    expect(assets).toHaveLength(jobs.filter((job) => job.state === "succeeded").length);
    expect(new Set(assets.map((asset) => asset.storageKey)).size).toBe(assets.length);
    const s3 = new S3Client({ endpoint: cluster.s3Endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: S3RVER_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3RVER_CREDENTIALS.AWS_SECRET_ACCESS_KEY } });
    const storedKeys = async () => {
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "studio/blobs/" }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    };
    const expectedKeys = assets.flatMap((asset) => [asset.storageKey, asset.thumbnailKey ?? []].flat().map((key) => `studio/blobs/${key}`)).sort();
    // The killed worker may have stored the image of a job it held before it died: that job ends
    // interrupted and its blob is left to the orphan sweep, so it is the only kind of object allowed beside them.
    await expect
      .poll(async () => {
        const stored = await storedKeys();
        return { missing: expectedKeys.filter((key) => !stored.includes(key)), extraWithinOrphans: stored.length - expectedKeys.length <= orphaned.length };
      })
      .toEqual({ missing: [], extraWithinOrphans: true });
    s3.destroy();

    // An image reads the same through either web process.
    const [asset] = assets;
    for (const web of [webA, webB]) {
      const image = await call(`${web}/api/assets/${asset.id}`);
      expect(image.status).toBe(200);
      expect(createHash("sha256").update(Buffer.from(await image.arrayBuffer())).digest("hex")).toBe(asset.sha256);
    }

    // In the browser, the gallery's thumbnails come by delivery links that redirect to the store's
    // presigned URLs, on the store's own origin: the page's CSP must allow it, or no image shows.
    const page = await context.newPage();
    await page.goto("/gallery");
    const thumbnail = page.locator("img[src*='/api/delivery/']").first();
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  } finally {
    await context.close();
    await database.end();
  }
});
