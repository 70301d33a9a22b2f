// `npm run bench:proxy`: what the studio adds over the upstream. The same alpha v3
// generations (1024x1024, emulator in fast mode) go straight to the emulator — generate (spec 4.1),
// then download the result URL with the key (spec 2.1) — and through a production studio, one at a
// time and 20 at once, in one run, the two ways taking turns. Prints p50/p99 added latency (studio
// minus direct), the throughput ratio (studio / direct), and the CPU time the emulator's and the
// studio's processes used per generation, the studio's by process (web server, worker, embedded
// database server, the rest: start.ts and npx): on a machine they share, the ratio cannot pass the
// emulator's CPU per generation direct over the sum of both through the studio. Where the studio's
// time goes is split in three by the job's own times (`createdAt`, `finishedAt`): up to its row (the
// request, the session, the job's transaction), from its row to its end being decided (the
// upstream call, download, storing), and from there to the bench hearing of it (the end's
// transaction, the stream); the direct time is split into generating and downloading.
// Figures are printed, never asserted.
// BENCH_N sets the generations per case (default 30 at 1, 100 at 20); BENCH_PORT the studio's port;
// BENCH_DATABASE_URL runs the studio on that PostgreSQL server (in a database the bench creates and
// drops) instead of its embedded PostgreSQL.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { benchDatabase, cpuSecondsOf, emulatorKey, runBench, signUpFirstAccount, startEmulator, startStudio, stopAll, studioCpu, studioUrl, type StudioCpu } from "./bench/studio-harness";
import { benchBuildDir } from "./build-dir";

const port = Number(process.env.BENCH_PORT ?? 3400);
const studio = studioUrl(port);
const distDir = benchBuildDir();
const size = "1024x1024";
const cases = [
  { concurrency: 1, count: Number(process.env.BENCH_N ?? 30) },
  { concurrency: 20, count: Number(process.env.BENCH_N ?? 100) },
];

type Body = { prompt: string; size: string; seed: number };

/** The parts of one generation's time (ms), by name. */
type Parts = Record<string, number>;

async function direct(emulator: string, body: Body): Promise<Parts> {
  const began = Date.now();
  const generated = await fetch(`${emulator}/v1/wand/alpha-image/v3-generation`, {
    method: "POST",
    headers: { Authorization: `Bearer ${emulatorKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: "alpha-image-v3", revise: true, ...body }),
  });
  if (!generated.ok) throw new Error(`emulator answered ${generated.status}: ${await generated.text()}`);
  const result = (await generated.json()) as { data: { url: string }[] };
  const answered = Date.now();
  const image = await fetch(result.data[0].url, { headers: { Authorization: `Bearer ${emulatorKey}` } });
  if (!image.ok) throw new Error(`download answered ${image.status}`);
  await image.arrayBuffer();
  return { generating: answered - began, downloading: Date.now() - answered };
}

type JobEvent = { id: string; state: string; error: unknown; createdAt: string; finishedAt: string | null };
const FINISHED = new Set(["succeeded", "failed", "cancelled", "interrupted"]);

/**
 * The jobs stream (GET /api/jobs/events), opened once before a run: every job's finished event is
 * handed to whoever waits for it (or kept until they do).
 */
async function openJobEvents(cookie: string) {
  const finished = new Map<string, JobEvent>();
  const waiters = new Map<string, (job: JobEvent) => void>();
  const list = await fetch(`${studio}/api/jobs`, { headers: { cookie } });
  if (!list.ok) throw new Error(`the jobs list answered ${list.status}`);
  const { cursor } = (await list.json()) as { cursor: string };
  const controller = new AbortController();
  const stream = await fetch(`${studio}/api/jobs/events?after=${encodeURIComponent(cursor)}`, { headers: { cookie, Accept: "text/event-stream" }, signal: controller.signal });
  if (!stream.ok || !stream.body) throw new Error(`jobs stream answered ${stream.status}`);
  const deliver = (job: JobEvent) => {
    if (!FINISHED.has(job.state)) return;
    const waiter = waiters.get(job.id);
    if (waiter) waiter(job);
    else finished.set(job.id, job);
  };
  void (async () => {
    let buffer = "";
    const decoder = new TextDecoder();
    for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const event = buffer.slice(0, end).split("\n");
        buffer = buffer.slice(end + 2);
        const data = event.filter((line) => line.startsWith("data:")).map((line) => line.slice(5).trimStart());
        if (event.includes("event: job") && data.length) deliver(JSON.parse(data.join("\n")) as JobEvent);
      }
    }
  })().catch(() => undefined);
  return {
    /** The job's finished event; polls GET /api/jobs/<id> meanwhile, in case the stream missed it. */
    async wait(id: string): Promise<JobEvent> {
      const early = finished.get(id);
      if (early) return early;
      return new Promise<JobEvent>((resolve) => {
        const poll = setInterval(async () => {
          const answer = await fetch(`${studio}/api/jobs/${id}`, { headers: { cookie } }).catch(() => undefined);
          const job = answer?.ok ? ((await answer.json()) as { job?: JobEvent } & JobEvent) : undefined;
          const dto = job?.job ?? job;
          if (dto && FINISHED.has(dto.state)) done(dto);
        }, 5000);
        const done = (job: JobEvent) => {
          clearInterval(poll);
          waiters.delete(id);
          resolve(job);
        };
        waiters.set(id, done);
      });
    },
    close: () => controller.abort(),
  };
}

type JobEvents = Awaited<ReturnType<typeof openJobEvents>>;

/** One generation through the studio: started as a job (202), done when its finished event arrives. */
async function throughStudio(cookie: string, jobs: JobEvents, body: Body): Promise<Parts> {
  const began = Date.now();
  const answer = await fetch(`${studio}/api/alpha/v3/generations`, {
    method: "POST",
    headers: { cookie, Origin: studio, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (answer.status !== 202) throw new Error(`studio answered ${answer.status}: ${await answer.text()}`);
  const { job } = (await answer.json()) as { job: JobEvent };
  const finished = FINISHED.has(job.state) ? job : await jobs.wait(job.id);
  const heard = Date.now();
  if (finished.state !== "succeeded") throw new Error(`job ${finished.state}: ${JSON.stringify(finished.error)}`);
  const created = Date.parse(finished.createdAt);
  const ended = Date.parse(finished.finishedAt ?? "");
  return { "to its row": created - began, "row to end": ended - created, "end to event": heard - ended };
}

/** CPU seconds of the emulator and of each of the studio's processes. */
type Cpu = { emulator: number } & StudioCpu;
const STUDIO_PROCESSES = ["web", "worker", "database", "rest"] as const;
const noCpu = (): Cpu => ({ emulator: 0, web: 0, worker: 0, database: 0, rest: 0 });
const studioTotal = (cpu: Cpu) => STUDIO_PROCESSES.reduce((sum, part) => sum + cpu[part], 0);
const cpuChange = (after: Cpu, before: Cpu): Cpu => Object.fromEntries(Object.entries(after).map(([part, seconds]) => [part, seconds - before[part as keyof Cpu]])) as Cpu;
const addCpu = (into: Cpu, more: Cpu) => Object.entries(more).forEach(([part, seconds]) => (into[part as keyof Cpu] += seconds));

type Measured = { latencies: number[]; parts: Map<string, number[]>; seconds: number; cpu: Cpu };

/** The studio's CPU milliseconds per generation, in all and by process. */
function studioCpuPer(cpu: Cpu, generations: number): string {
  const ms = (seconds: number) => ((1000 * seconds) / generations).toFixed(0);
  return `${ms(studioTotal(cpu))} ms (${STUDIO_PROCESSES.map((part) => `${part} ${ms(cpu[part])}`).join(" + ")})`;
}

/** The studio's data directory, where studioCpu finds its embedded database server. */
let studioDataDir = "";

/** CPU seconds the emulator's and the studio's processes have used so far (NaN where unknown). */
async function cpuNow(): Promise<Cpu> {
  const [emulator, studio] = await Promise.all([cpuSecondsOf("emulator"), studioCpu(studioDataDir)]);
  return { emulator: emulator ?? NaN, ...(studio ?? { web: NaN, worker: NaN, database: NaN, rest: NaN }) };
}

/** Runs `task` on each body with `concurrency` at once: each one's latency and parts (ms), the run's duration and the CPU both sides used meanwhile. */
async function measure(bodies: Body[], concurrency: number, task: (body: Body) => Promise<Parts>): Promise<Measured> {
  const latencies: number[] = [];
  const parts = new Map<string, number[]>();
  let next = 0;
  const cpuBefore = await cpuNow();
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const t0 = performance.now();
        const split = await task(body);
        latencies.push(performance.now() - t0);
        for (const [part, ms] of Object.entries(split)) parts.set(part, [...(parts.get(part) ?? []), ms]);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const cpuAfter = await cpuNow();
  return { latencies, parts, seconds, cpu: cpuChange(cpuAfter, cpuBefore) };
}

/**
 * Runs the bodies both ways, `concurrency` at once, taking turns in rounds of 2 × concurrency
 * (straight to the emulator, then the same bodies through the studio), so that both ways meet the
 * same machine: on a small shared machine other work moves the figures by tens of milliseconds from
 * one minute to the next, which a run of all of one way and then all of the other counts as
 * the studio's. After each round through the studio the next round waits for its background work.
 */
async function compare(bodies: Body[], concurrency: number, ways: { direct: (body: Body) => Promise<Parts>; studio: (body: Body) => Promise<Parts> }) {
  const empty = (): Measured => ({ latencies: [], parts: new Map(), seconds: 0, cpu: noCpu() });
  const totals = { direct: empty(), studio: empty() };
  const backgroundCpu = noCpu();
  for (let first = 0; first < bodies.length; first += 2 * concurrency) {
    const round = bodies.slice(first, first + 2 * concurrency);
    for (const way of ["direct", "studio"] as const) {
      const measured = await measure(round, concurrency, ways[way]);
      totals[way].latencies.push(...measured.latencies);
      for (const [part, values] of measured.parts) totals[way].parts.set(part, [...(totals[way].parts.get(part) ?? []), ...values]);
      totals[way].seconds += measured.seconds;
      addCpu(totals[way].cpu, measured.cpu);
    }
    addCpu(backgroundCpu, await studioSettled());
  }
  // CPU milliseconds per generation: where the studio's time goes on a machine it shares with the emulator.
  const summary = ({ latencies, parts, seconds, cpu }: Measured) => ({
    latencies: latencies.sort((a, b) => a - b),
    parts: [...parts].map(([part, values]) => `${part} ${quantile(values.sort((a, b) => a - b), 0.5).toFixed(0)}`).join(" + "),
    perSecond: bodies.length / seconds,
    emulatorCpuMs: (1000 * cpu.emulator) / bodies.length,
    studioCpu: studioCpuPer(cpu, bodies.length),
  });
  return { straight: summary(totals.direct), proxied: summary(totals.studio), background: studioCpuPer(backgroundCpu, bodies.length) };
}

/** Below this share of one core over a sampling window, the studio counts as idle. */
const IDLE_SHARE = 0.05;
const SAMPLE_MS = 250;
/** The worker takes a result's thumbnail a second after it is stored (lib/jobs/work-queues THUMBNAIL_DELAY_SECONDS). */
const BACKGROUND_START_MS = 1_500;

/**
 * Waits, after a round through the studio, until its background work (thumbnails) is done, so that
 * it neither slows the next round nor goes uncounted: its CPU seconds are returned and printed on
 * their own; the wait is in neither way's time.
 */
async function studioSettled(): Promise<Cpu> {
  const start = await cpuNow();
  const began = performance.now();
  let last = studioTotal(start);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    const now = await cpuNow();
    const idle = studioTotal(now) - last < (IDLE_SHARE * SAMPLE_MS) / 1000;
    last = studioTotal(now);
    if (Number.isNaN(last) || (idle && performance.now() - began >= BACKGROUND_START_MS)) return cpuChange(now, start);
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-bench-"));
  studioDataDir = dataDir;
  const database = await benchDatabase();
  try {
    // Room for every request of the 20-at-once case, so neither side meets a 429.
    const emulator = await startEmulator({ basePort: port, latency: "fast", env: { EMULATOR_IMAGE_CONCURRENCY: "64" } });
    await startStudio({ port, distDir, emulator, dataDir, databaseUrl: database.url, env: { ALPHA_CONCURRENCY: "64", USER_MAX_RUNNING_GENERATIONS: "100" } });
    const cookie = await signUpFirstAccount(studio, distDir);
    const jobs = await openJobEvents(cookie);
    const bodyFor = (tag: string, i: number): Body => ({ prompt: `bench ${tag} ${i}: a lighthouse on a cliff at dusk`, size, seed: i + 1 });
    // Warm both paths (route compilation, connections, sharp) before anything is timed.
    for (let i = 0; i < 3; i += 1) {
      await direct(emulator.image, bodyFor("warm", i));
      await throughStudio(cookie, jobs, bodyFor("warm", i));
    }
    console.log(`alpha v3 ${size}, emulator fast mode, studio on ${database.url ? "PostgreSQL (BENCH_DATABASE_URL)" : "embedded PostgreSQL"}; added = studio minus direct`);
    for (const { concurrency, count } of cases) {
      // The same generations both ways: same prompts and seeds, so the same bytes.
      const bodies = Array.from({ length: count }, (_, i) => bodyFor(`c${concurrency}`, i));
      const { straight, proxied, background } = await compare(bodies, concurrency, { direct: (body) => direct(emulator.image, body), studio: (body) => throughStudio(cookie, jobs, body) });
      const row = (q: number) => `${(quantile(proxied.latencies, q) - quantile(straight.latencies, q)).toFixed(1)} ms`;
      console.log(
        `${String(concurrency).padStart(2)} at once, ${count} each: direct p50 ${quantile(straight.latencies, 0.5).toFixed(1)} ms, studio p50 ${quantile(proxied.latencies, 0.5).toFixed(1)} ms; ` +
          `added p50 ${row(0.5)}, p99 ${row(0.99)}; throughput ${proxied.perSecond.toFixed(2)}/s vs ${straight.perSecond.toFixed(2)}/s, ratio ${(proxied.perSecond / straight.perSecond).toFixed(2)}; ` +
          `CPU per generation: direct, emulator ${straight.emulatorCpuMs.toFixed(0)} ms; through the studio, emulator ${proxied.emulatorCpuMs.toFixed(0)} ms + studio ${proxied.studioCpu}, ` +
          `then ${background} in the studio's background work (thumbnails, timers) after each round`,
      );
      console.log(`   p50 parts (ms): direct ${straight.parts}; through the studio ${proxied.parts}`);
    }
    jobs.close();
  } finally {
    await stopAll();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
