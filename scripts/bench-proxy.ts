// `npm run bench:proxy`: what the studio adds over the upstream (issue 9). The same alpha v3
// generations (1024x1024, emulator in fast mode) go straight to the emulator — generate (spec 4.1),
// then download the result URL with the key (spec 2.1) — and through a production studio, one at a
// time and 20 at once, in one run. Prints p50/p99 added latency (studio minus direct) and the
// throughput ratio (studio / direct). Figures are printed, never asserted.
// BENCH_N sets the generations per case (default 30 at 1, 100 at 20); BENCH_PORT the studio's port;
// BENCH_DATABASE_URL runs the studio on that PostgreSQL server (in a database the bench creates and
// drops) instead of its embedded PGlite.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { performance } from "node:perf_hooks";
import pg from "pg";

const port = Number(process.env.BENCH_PORT ?? 3400);
const studio = `http://127.0.0.1:${port}`;
// A build folder of its own, so the bench never collides with another checkout's or test run's.
const distDir = process.env.NEXT_DIST_DIR ?? ".next-bench";
const emulatorKey = "emulator-key";
const size = "1024x1024";
const cases = [
  { concurrency: 1, count: Number(process.env.BENCH_N ?? 30) },
  { concurrency: 20, count: Number(process.env.BENCH_N ?? 100) },
];

const children: ChildProcess[] = [];

function start(command: string[], env: Record<string, string>): ChildProcess {
  // Its own process group, so stopping it also stops what it started (npx → next start).
  const child = spawn(command[0], command.slice(1), { env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return child;
}

/**
 * Stops what the bench started and resolves once every process of theirs has exited (the studio
 * finishes its background thumbnails otherwise, in a folder about to be removed).
 */
async function stopAll(): Promise<void> {
  const groups = children.flatMap((child) => (child.pid ? [child.pid] : []));
  for (const group of groups) signalGroup(group, "SIGTERM");
  const deadline = Date.now() + 10_000;
  while (groups.some(isGroupAlive)) {
    if (Date.now() > deadline) groups.forEach((group) => signalGroup(group, "SIGKILL"));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // Already gone.
  }
}

/** Signal 0 tests for existence: it throws once no process of the group is left. */
function isGroupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

async function startEmulator() {
  const child = start(["npx", "tsx", "emulator/main.ts"], {
    EMULATOR_IMAGE_PORT: String(port + 900),
    EMULATOR_AGENT_PORT: String(port + 910),
    EMULATOR_INFERENCE_PORT: String(port + 920),
    EMULATOR_LATENCY: "fast",
    EMULATOR_API_KEYS: emulatorKey,
    // Room for every request of the 20-at-once case, so neither side meets a 429.
    EMULATOR_IMAGE_CONCURRENCY: "64",
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith("{")) return JSON.parse(line) as { image: string; agent: string; inference: string };
  }
  throw new Error("the emulator stopped before printing its URLs");
}

/** A new, empty database on BENCH_DATABASE_URL's server (its URL and its removal), or PGlite's "" when unset. */
async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return { url: "", drop: async () => {} };
  const name = `studio_bench_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function startStudio(emulator: { image: string; agent: string; inference: string }, dataDir: string, databaseUrl: string) {
  // `next build` (run by start.ts when the sources changed) rewrites tsconfig.json for the build
  // folder; it is put back as it was once the studio answers.
  const tsconfig = await readFile("tsconfig.json", "utf8");
  const child = start(["npx", "tsx", "scripts/start.ts"], {
    PORT: String(port),
    HOST: "127.0.0.1",
    NEXT_DIST_DIR: distDir,
    STUDIO_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    IMAGE_API_BASE_URL: emulator.image,
    IMAGE_API_KEY: emulatorKey,
    VIDEO_AGENT_URL: emulator.agent,
    VIDEO_INFERENCE_URL: emulator.inference,
    ALPHA_CONCURRENCY: "64",
    USER_MAX_RUNNING_GENERATIONS: "100",
    LOG_LEVEL: "warn",
  });
  child.stdout!.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  const deadline = Date.now() + 900_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the studio exited (${child.exitCode})`);
    const answer = await fetch(`${studio}/sign-in`).catch(() => undefined);
    if (answer?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if ((await readFile("tsconfig.json", "utf8")) !== tsconfig) await writeFile("tsconfig.json", tsconfig);
}

/** Signs up the studio's first account (its admin) through the sign-up form's server action; answers its cookies. */
async function signUpFirstAccount(): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const actionId = Object.entries(manifest.node).find(([, entry]) => entry.filename === "app/(auth)/actions.ts" && entry.exportedName === "signUpAction")?.[0];
  if (!actionId) throw new Error("the build has no signUpAction");
  const form = new FormData();
  // React's encoding of `action(previousState, formData)`: the form's fields, then the argument list.
  for (const [name, value] of Object.entries({ name: "Bench Admin", email: "bench@studio.test", password: "correct horse battery" })) form.append(`_1_${name}`, value);
  form.append("0", '[{},"$K1"]');
  const answer = await fetch(`${studio}/sign-up`, {
    method: "POST",
    headers: { "Next-Action": actionId, Accept: "text/x-component", Origin: studio },
    body: form,
    redirect: "manual",
  });
  const cookies = answer.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (!cookies.some((cookie) => cookie.includes("session-token"))) throw new Error(`sign-up gave no session (${answer.status}): ${await answer.text()}`);
  return cookies.join("; ");
}

type Body = { prompt: string; size: string; seed: number };

async function direct(emulator: string, body: Body) {
  const generated = await fetch(`${emulator}/v1/wand/alpha-image/v3-generation`, {
    method: "POST",
    headers: { Authorization: `Bearer ${emulatorKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: "alpha-image-v3", revise: true, ...body }),
  });
  if (!generated.ok) throw new Error(`emulator answered ${generated.status}: ${await generated.text()}`);
  const result = (await generated.json()) as { data: { url: string }[] };
  const image = await fetch(result.data[0].url, { headers: { Authorization: `Bearer ${emulatorKey}` } });
  if (!image.ok) throw new Error(`download answered ${image.status}`);
  await image.arrayBuffer();
}

type JobEvent = { id: string; state: string; error: unknown };
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
        }, 2000);
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
async function throughStudio(cookie: string, jobs: JobEvents, body: Body) {
  const answer = await fetch(`${studio}/api/alpha/v3/generations`, {
    method: "POST",
    headers: { cookie, Origin: studio, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (answer.status !== 202) throw new Error(`studio answered ${answer.status}: ${await answer.text()}`);
  const { job } = (await answer.json()) as { job: JobEvent };
  const finished = FINISHED.has(job.state) ? job : await jobs.wait(job.id);
  if (finished.state !== "succeeded") throw new Error(`job ${finished.state}: ${JSON.stringify(finished.error)}`);
}

/** Runs `task` on each body with `concurrency` at once: each one's latency (ms) and the whole run's rate (per second). */
async function measure(bodies: Body[], concurrency: number, task: (body: Body) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const t0 = performance.now();
        await task(body);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  return { latencies: latencies.sort((a, b) => a - b), perSecond: bodies.length / seconds };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-bench-"));
  const database = await benchDatabase();
  try {
    const emulator = await startEmulator();
    await startStudio(emulator, dataDir, database.url);
    const cookie = await signUpFirstAccount();
    const jobs = await openJobEvents(cookie);
    const bodyFor = (tag: string, i: number): Body => ({ prompt: `bench ${tag} ${i}: a lighthouse on a cliff at dusk`, size, seed: i + 1 });
    // Warm both paths (route compilation, connections, sharp) before anything is timed.
    for (let i = 0; i < 3; i += 1) {
      await direct(emulator.image, bodyFor("warm", i));
      await throughStudio(cookie, jobs, bodyFor("warm", i));
    }
    console.log(`alpha v3 ${size}, emulator fast mode, studio on ${database.url ? "PostgreSQL" : "PGlite"}; added = studio minus direct`);
    for (const { concurrency, count } of cases) {
      // The same generations both ways: same prompts and seeds, so the same bytes.
      const bodies = Array.from({ length: count }, (_, i) => bodyFor(`c${concurrency}`, i));
      const straight = await measure(bodies, concurrency, (body) => direct(emulator.image, body));
      const proxied = await measure(bodies, concurrency, (body) => throughStudio(cookie, jobs, body));
      const row = (q: number) => `${(quantile(proxied.latencies, q) - quantile(straight.latencies, q)).toFixed(1)} ms`;
      console.log(
        `${String(concurrency).padStart(2)} at once, ${count} each: direct p50 ${quantile(straight.latencies, 0.5).toFixed(1)} ms, studio p50 ${quantile(proxied.latencies, 0.5).toFixed(1)} ms; ` +
          `added p50 ${row(0.5)}, p99 ${row(0.99)}; throughput ${proxied.perSecond.toFixed(2)}/s vs ${straight.perSecond.toFixed(2)}/s, ratio ${(proxied.perSecond / straight.perSecond).toFixed(2)}`,
      );
    }
    jobs.close();
  } finally {
    await stopAll();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    void stopAll();
    process.exit(1);
  },
);
