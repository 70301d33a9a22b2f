// `npm run bench:video`: the upstream requests each video job costs and how soon a finished job is
// archived and playable, measured on a production studio against the emulator in realistic video
// mode (real MP4s, upscales served by 302 from the CDN path, the agent's one generation worker),
// with the studio's production poll interval
// (VIDEO_POLL_INTERVAL_MS left at its default). Figures are printed, never asserted.
//
// 1. Upstream requests per video job, from submit to archive, with 0, 1 and BENCH_DASHBOARDS (100)
//    simulated dashboards open. A dashboard is a signed-in browser (all share the bench's cookie)
//    polling the studio's GET /api/videos and GET /api/videos/<the job under way> every 5 s (components/videos/video-job-view ACTIVE_REFRESH_MS) and
//    GET /api/videos/partition every 12 s, each started at a random phase. Jobs run one at a time;
//    the agent's request log (GET /__emulator/requests, cleared by DELETE before each submit) is read
//    once the studio has archived the job and broken down by kind. It holds only the studio's
//    requests: the bench sends the agent nothing but control requests, which the log never records
//    (emulator/README.md "Control endpoints"); they also carry `x-bench: 1`, and any logged request
//    with that header would be left out. Requests naming the job that arrive after its archivedAt
//    (within one poll interval) are counted apart: there should be none. The studio's side is
//    printed per case too (dashboard requests answered per second against those asked, latency per
//    route, failures), since an overloaded studio also archives late.
// 2. Time from `completed` upstream to archived and playable: the studio's `archivedAt` minus the
//    moment the agent marked the job completed. The agent's `completed_at` has 1-second resolution,
//    so the moment is observed instead: the agent's control endpoint GET
//    /__emulator/video/jobs/<id> reports `result_file` from the instant the generation worker sets
//    the job completed (the same synchronous step that sets status and completed_at,
//    emulator/video/generation-worker.ts), and it is polled every 50 ms without reaching the request
//    log. The moment is taken as the midpoint between the last poll that saw no result and the
//    answer of the first that saw it (its half-width is printed as the error bound), and checked
//    against the studio's own `completedAt` (the agent's second). A job already completed at the
//    first look (an overloaded studio shows its upstream id late) has no observed moment: the middle
//    of its completed_at second is used (±500 ms) and the row says how many. "Playable" is then checked by a
//    Range request for the archived MP4 (and the 720p copy) through GET /api/assets/<id>. Measured
//    for 768 (native), 1080 (upscaled: content is a 302 to the CDN) and 768 with "720p delivery".
//
// One uncounted job first starts the emulator's encoder threads and warms the studio's routes.
//
// Generation is shortened (BENCH_GENERATION_SECONDS, default 6, against 12 in realistic mode;
// upscale floor BENCH_UPSCALE_SECONDS, default 4, the 1080 re-encode takes longer anyway): neither
// figure depends on it except the count of status polls, which grows with the time a job spends
// upstream, so that time is printed too (polls per minute upstream carry over to longer jobs).
//
// BENCH_JOBS sets the jobs per kind and case (default 3); BENCH_DASHBOARDS the largest dashboard
// count (default 100); BENCH_PORT the studio's port (default 3450; the emulator takes port + 900,
// + 910, + 920); BENCH_DATABASE_URL runs the studio on that PostgreSQL server (in a database the
// bench creates and drops) instead of its embedded PostgreSQL.
import { setMaxListeners } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { VideoJobDto, VideoSubmitAnswer } from "../lib/videos/video-dto";
import { benchDatabase, runBench, signUpFirstAccount, startEmulator, startStudio, stopAll, studioUrl, type EmulatorUrls } from "./bench/studio-harness";
import { benchBuildDir } from "./build-dir";

const port = Number(process.env.BENCH_PORT ?? 3450);
const studio = studioUrl(port);
const distDir = benchBuildDir();
const jobsPerCase = Number(process.env.BENCH_JOBS ?? 3);
const dashboardCounts = [0, 1, Number(process.env.BENCH_DASHBOARDS ?? 100)];
const generationSeconds = process.env.BENCH_GENERATION_SECONDS ?? "6";
const upscaleSeconds = process.env.BENCH_UPSCALE_SECONDS ?? "4";
/** The studio's default VIDEO_POLL_INTERVAL_MS (lib/settings.ts): how long a straggling poll may take to show. */
const studioPollMs = 2_000;
const completionPollMs = 50;
const jobTimeoutMs = 600_000;
const benchHeader = { "x-bench": "1" };

const kinds = [
  { label: "768 native", shortEdge: 768, delivery720p: false },
  { label: "1080 upscaled (302 to CDN)", shortEdge: 1080, delivery720p: false },
  { label: "768 + 720p delivery", shortEdge: 768, delivery720p: true },
] as const;
type Kind = (typeof kinds)[number];

const CATEGORIES = ["POST /v1/videos", "GET /v1/videos/<id>", "GET /v1/videos (list)", "/content", "/cdn", "/v1/partition", "/healthz", "other"] as const;
type Category = (typeof CATEGORIES)[number];
type LoggedRequest = { method: string; path: string; query: string; status: number; time: string; headers: Record<string, string> };

function categoryOf(request: LoggedRequest): Category {
  const { method, path: where } = request;
  if (where === "/v1/videos") return method === "POST" ? "POST /v1/videos" : method === "GET" ? "GET /v1/videos (list)" : "other";
  if (/^\/v1\/videos\/[^/]+\/content$/.test(where)) return "/content";
  if (method === "GET" && /^\/v1\/videos\/[^/]+$/.test(where)) return "GET /v1/videos/<id>";
  if (where.startsWith("/cdn/")) return "/cdn";
  if (where === "/v1/partition") return "/v1/partition";
  if (where === "/healthz") return "/healthz";
  return "other";
}

/** Waits `ms`, or less when `signal` aborts meanwhile. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });

/** The agent's control endpoints (never in its request log). */
function agentControl(agent: string) {
  return {
    clearLog: async () => {
      const answer = await fetch(`${agent}/__emulator/requests`, { method: "DELETE", headers: benchHeader });
      if (!answer.ok) throw new Error(`clearing the agent's request log answered ${answer.status}`);
    },
    log: async (): Promise<LoggedRequest[]> => {
      const answer = await fetch(`${agent}/__emulator/requests`, { headers: benchHeader });
      if (!answer.ok) throw new Error(`the agent's request log answered ${answer.status}`);
      return ((await answer.json()) as { requests: LoggedRequest[] }).requests.filter((request) => request.headers["x-bench"] === undefined);
    },
    resultFile: async (upstreamId: string): Promise<string | null> => {
      const answer = await fetch(`${agent}/__emulator/video/jobs/${upstreamId}`, { headers: benchHeader });
      if (!answer.ok) throw new Error(`GET /__emulator/video/jobs/${upstreamId} answered ${answer.status}: ${await answer.text()}`);
      return ((await answer.json()) as { result_file: string | null }).result_file;
    },
  };
}
type AgentControl = ReturnType<typeof agentControl>;

/** The request log keeps its last 1000 entries; a run that fills it would undercount. */
const REQUEST_LOG_CAPACITY = 1000;

const DASHBOARD_POLLS = [
  { route: "GET /api/videos", periodMs: 5_000, url: () => "/api/videos" },
  { route: "GET /api/videos/<id>", periodMs: 5_000, url: (job: string | null) => (job ? `/api/videos/${job}` : null) },
  { route: "GET /api/videos/partition", periodMs: 12_000, url: () => "/api/videos/partition" },
] as const;

/** Simulated dashboards: each polls like an open Videos page, on its own phase, until stopped. */
function openDashboards(count: number, cookie: string, currentJob: () => string | null) {
  const stop = new AbortController();
  // Every poll loop waits on it at once: that many listeners are expected, not a leak.
  setMaxListeners(count * DASHBOARD_POLLS.length + 1, stop.signal);
  const began = performance.now();
  const latencies = new Map<string, number[]>(DASHBOARD_POLLS.map(({ route }) => [route, []]));
  const failures = new Map<string, number>();
  const poll = async ({ route, periodMs, url }: (typeof DASHBOARD_POLLS)[number]) => {
    await sleep(Math.random() * periodMs, stop.signal);
    while (!stop.signal.aborted) {
      const due = performance.now() + periodMs;
      const target = url(currentJob());
      if (target) {
        const sent = performance.now();
        // Like TanStack Query's refetchInterval: the next fetch waits for this one.
        const answer = await fetch(`${studio}${target}`, { headers: { cookie }, signal: AbortSignal.timeout(60_000) }).catch((error: unknown) => String(error));
        if (typeof answer === "string" || !answer.ok) {
          const key = `${route}: ${typeof answer === "string" ? answer : answer.status}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
        if (typeof answer !== "string") await answer.arrayBuffer();
        latencies.get(route)!.push(performance.now() - sent);
      }
      await sleep(Math.max(0, due - performance.now()), stop.signal);
    }
  };
  const loops = Array.from({ length: count }, () => DASHBOARD_POLLS.map(poll)).flat();
  return {
    /** Stops polling; answers each route's sorted latencies (ms), the failures, and the seconds the dashboards were open. */
    async close() {
      stop.abort();
      await Promise.all(loops);
      for (const list of latencies.values()) list.sort((a, b) => a - b);
      return { latencies, failures, seconds: (performance.now() - began) / 1000 };
    },
  };
}

/** The studio's side of a case: what the dashboards asked for, how fast they got it, and what failed. */
function reportLoad(dashboards: number, load: Awaited<ReturnType<ReturnType<typeof openDashboards>["close"]>>): void {
  const asked = dashboards * DASHBOARD_POLLS.reduce((sum, { periodMs }) => sum + 1000 / periodMs, 0);
  const answered = [...load.latencies.values()].reduce((sum, list) => sum + list.length, 0);
  const routes = [...load.latencies].map(([route, list]) => `${route} p50 ${fixed(quantile(list, 0.5), 0)} ms, p99 ${fixed(quantile(list, 0.99), 0)} ms`).join("; ");
  const failed = [...load.failures].map(([what, times]) => `${times}× ${what}`).join("; ");
  console.log(
    `${String(dashboards).padStart(3)} dashboards | studio load: ${fixed(answered / load.seconds)} requests/s answered of ${fixed(asked)}/s asked; ${routes}; ${failed ? `failed: ${failed}` : "none failed"}`,
  );
}

type JobFigures = {
  counts: Record<Category, number>;
  other: string[];
  afterArchive: number;
  /** Submit to the observed completion, ms. */
  upstreamMs: number;
  completedToArchivedMs: number;
  completionBoundMs: number;
  /** Observed completion minus the studio's completedAt (the agent's second); null when not observed. */
  completedSkewMs: number | null;
  resolution: string | null;
  delivery: string | null;
};

async function readVideo(cookie: string, id: string): Promise<VideoJobDto> {
  const answer = await fetch(`${studio}/api/videos/${id}`, { headers: { cookie } });
  if (!answer.ok) throw new Error(`GET /api/videos/${id} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as VideoJobDto;
}

const ENDED_WITHOUT_RESULT = new Set(["failed", "canceled", "lost", "gone"]);

/** Polls the studio's job until `done` holds; a job that ends without a result stops the bench with what the studio said. */
async function waitForVideo(cookie: string, id: string, done: (video: VideoJobDto) => boolean, deadline: number): Promise<VideoJobDto> {
  for (;;) {
    const video = await readVideo(cookie, id);
    if (done(video)) return video;
    if (ENDED_WITHOUT_RESULT.has(video.phase)) throw new Error(`video ${id} ended ${video.phase}: ${JSON.stringify(video.error)}`);
    if (Date.now() > deadline) throw new Error(`video ${id} still ${video.phase} after ${jobTimeoutMs / 1000} s`);
    await sleep(250);
  }
}

/**
 * The moment (epoch ms) the agent set the job completed, and its error bound; null when the job had
 * already completed at the first look (the studio showed its upstream id late), so no moment was seen.
 */
async function observeCompletion(agent: AgentControl, upstreamId: string, deadline: number): Promise<{ at: number; boundMs: number } | null> {
  let lastMiss: number | null = null;
  for (;;) {
    const asked = Date.now();
    const resultFile = await agent.resultFile(upstreamId);
    const answered = Date.now();
    if (resultFile) return lastMiss === null ? null : { at: (lastMiss + answered) / 2, boundMs: (answered - lastMiss) / 2 };
    lastMiss = asked;
    if (answered > deadline) throw new Error(`upstream job ${upstreamId} not completed after ${jobTimeoutMs / 1000} s`);
    await sleep(Math.max(0, asked + completionPollMs - Date.now()));
  }
}

/** A byte range of the archived asset, as the player asks for it. */
async function checkPlayable(cookie: string, url: string): Promise<void> {
  const answer = await fetch(`${studio}${url}`, { headers: { cookie, Range: "bytes=0-1023" } });
  const type = answer.headers.get("content-type");
  await answer.arrayBuffer();
  if (answer.status !== 206 || type !== "video/mp4") throw new Error(`GET ${url} with Range answered ${answer.status} (${type}), not 206 video/mp4`);
}

async function runJob(cookie: string, agent: AgentControl, kind: Kind, n: number, current: { id: string | null }): Promise<JobFigures> {
  await agent.clearLog();
  const submitted = Date.now();
  const deadline = submitted + jobTimeoutMs;
  const body = {
    task: "t2va",
    prompt: `bench ${kind.label} ${n}: a lighthouse on a cliff at dusk, waves below`,
    durationSeconds: 4,
    shortEdge: kind.shortEdge,
    aspectRatio: "16:9",
    delivery720p: kind.delivery720p,
    advanced: {},
    inputs: [],
  };
  const answer = await fetch(`${studio}/api/videos`, { method: "POST", headers: { cookie, Origin: studio, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const text = await answer.text();
  if (answer.status !== 202) throw new Error(`POST /api/videos answered ${answer.status}: ${text}`);
  const { video } = JSON.parse(text) as VideoSubmitAnswer;
  current.id = video.id;

  const sent = await waitForVideo(cookie, video.id, (job) => job.upstreamId !== null, deadline);
  const observed = await observeCompletion(agent, sent.upstreamId!, deadline);
  const ready = await waitForVideo(cookie, video.id, (job) => job.phase === "ready", deadline);
  if (!ready.archivedAt || !ready.completedAt || !ready.video) throw new Error(`video ${video.id} is ready without archivedAt, completedAt or its video: ${JSON.stringify(ready)}`);
  if (kind.delivery720p && !ready.delivery720p) throw new Error(`video ${video.id} is ready without its 720p copy: ${JSON.stringify({ warnings: ready.warnings })}`);
  await checkPlayable(cookie, ready.video.url);
  if (ready.delivery720p) await checkPlayable(cookie, ready.delivery720p.url);

  // Unobserved: the middle of the agent's completed_at second.
  const completion = observed ?? { at: Date.parse(ready.completedAt) + 500, boundMs: 500 };
  // A straggling status poll would show within one poll interval.
  const archivedAt = Date.parse(ready.archivedAt);
  await sleep(Math.max(0, archivedAt + studioPollMs + 500 - Date.now()));
  const logged = await agent.log();
  if (logged.length >= REQUEST_LOG_CAPACITY) throw new Error("the agent's request log filled up (1000 entries): counts would be short");
  const during = logged.filter((request) => Date.parse(request.time) <= archivedAt);
  const counts = Object.fromEntries(CATEGORIES.map((category) => [category, 0])) as Record<Category, number>;
  for (const request of during) counts[categoryOf(request)] += 1;
  return {
    counts,
    other: during.filter((request) => categoryOf(request) === "other").map((request) => `${request.method} ${request.path}`),
    afterArchive: logged.filter((request) => Date.parse(request.time) > archivedAt && request.path.includes(sent.upstreamId!)).length,
    upstreamMs: completion.at - submitted,
    completedToArchivedMs: archivedAt - completion.at,
    completionBoundMs: completion.boundMs,
    completedSkewMs: observed ? observed.at - Date.parse(ready.completedAt) : null,
    resolution: ready.resolution,
    delivery: ready.delivery720p ? `${ready.delivery720p.width}x${ready.delivery720p.height}` : null,
  };
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : Number.NaN);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const fixed = (value: number, digits = 1) => value.toFixed(digits);

function report(dashboards: number, kind: Kind, jobs: JobFigures[]): number[] {
  const totals = jobs.map((job) => CATEGORIES.reduce((sum, category) => sum + job.counts[category], 0));
  const breakdown = CATEGORIES.filter((category) => jobs.some((job) => job.counts[category] > 0))
    .map((category) => `${category} ${fixed(mean(jobs.map((job) => job.counts[category])))}`)
    .join(", ");
  const archived = jobs.map((job) => job.completedToArchivedMs).sort((a, b) => a - b);
  const upstreamSeconds = mean(jobs.map((job) => job.upstreamMs)) / 1000;
  const polls = mean(jobs.map((job) => job.counts["GET /v1/videos/<id>"]));
  console.log(
    `${String(dashboards).padStart(3)} dashboards | ${kind.label.padEnd(26)} | upstream requests per job ${fixed(mean(totals))} (${Math.min(...totals)}–${Math.max(...totals)}): ${breakdown}` +
      ` | after archive ${jobs.reduce((sum, job) => sum + job.afterArchive, 0)}` +
      (jobs.some((job) => job.completedSkewMs === null) ? ` | ${jobs.filter((job) => job.completedSkewMs === null).length} completion(s) unobserved (±500 ms)` : "") +
      ` | completed → archived p50 ${fixed(quantile(archived, 0.5), 0)} ms, max ${fixed(archived.at(-1)!, 0)} ms` +
      ` | submit → completed ${fixed(upstreamSeconds)} s (${fixed((polls / upstreamSeconds) * 60)} status polls/min)` +
      ` | resolution ${[...new Set(jobs.map((job) => job.resolution))].join(",")}${kind.delivery720p ? `, 720p copy ${[...new Set(jobs.map((job) => job.delivery))].join(",")}` : ""}`,
  );
  const other = jobs.flatMap((job) => job.other);
  if (other.length) console.log(`    other requests: ${[...new Set(other)].join(", ")}`);
  return totals;
}

async function runCase(cookie: string, agent: AgentControl, dashboards: number) {
  const current: { id: string | null } = { id: null };
  const open = openDashboards(dashboards, cookie, () => current.id);
  // Every dashboard has made its first requests (the partition poll's phase is up to 12 s).
  if (dashboards > 0) await sleep(12_000);
  const all: JobFigures[] = [];
  const totals: number[] = [];
  for (const kind of kinds) {
    const jobs: JobFigures[] = [];
    for (let n = 0; n < jobsPerCase; n += 1) jobs.push(await runJob(cookie, agent, kind, n, current));
    totals.push(...report(dashboards, kind, jobs));
    all.push(...jobs);
  }
  const load = await open.close();
  console.log(`${String(dashboards).padStart(3)} dashboards | all kinds: upstream requests per job ${fixed(mean(totals))}`);
  if (dashboards > 0) reportLoad(dashboards, load);
  return all;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-bench-video-"));
  const database = await benchDatabase();
  try {
    const emulator: EmulatorUrls = await startEmulator({
      basePort: port,
      latency: "realistic",
      env: { EMULATOR_VIDEO_GENERATION_SECONDS: generationSeconds, EMULATOR_VIDEO_UPSCALE_SECONDS: upscaleSeconds },
    });
    await startStudio({ port, distDir, emulator, dataDir, databaseUrl: database.url });
    const cookie = await signUpFirstAccount(studio, distDir);
    const agent = agentControl(emulator.agent);
    console.log(
      `t2va 4 s 16:9, one job at a time, ${jobsPerCase} per kind and case; emulator realistic (generation ≥ ${generationSeconds} s, upscale ≥ ${upscaleSeconds} s); ` +
        `studio poll interval ${studioPollMs} ms (default), on ${database.url ? "PostgreSQL (BENCH_DATABASE_URL)" : "embedded PostgreSQL"}`,
    );
    // Not counted: the first job also starts the emulator's encoder threads and the studio's routes.
    await runJob(cookie, agent, kinds[0], -1, { id: null });
    const jobs: JobFigures[] = [];
    for (const dashboards of dashboardCounts) jobs.push(...(await runCase(cookie, agent, dashboards)));
    const skews = jobs.flatMap((job) => (job.completedSkewMs === null ? [] : [job.completedSkewMs]));
    const bound = Math.max(...jobs.flatMap((job) => (job.completedSkewMs === null ? [] : [job.completionBoundMs])));
    const unobserved = jobs.length - skews.length;
    console.log(
      `completion observed through GET /__emulator/video/jobs/<id> every ${completionPollMs} ms for ${skews.length} of ${jobs.length} jobs: ±${fixed(bound, 0)} ms at worst; ` +
        `observed minus the agent's completed_at (whole seconds) ${fixed(Math.min(...skews), 0)}…${fixed(Math.max(...skews), 0)} ms (expected 0…1000)` +
        (unobserved ? `; ${unobserved} had completed before the studio showed their upstream id: completed_at + 500 ms used (±500 ms)` : ""),
    );
  } finally {
    await stopAll();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
