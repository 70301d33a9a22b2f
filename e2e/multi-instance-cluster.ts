// The pieces of the multi-instance spec: a studio deployment of several processes on one machine
// (one throwaway PostgreSQL, one s3rver, web processes from the production build, workers) and a
// round-robin proxy in front of the web processes, all stopped by `stop()` whatever happened.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, startThrowawayPostgres, type EmbeddedPostgres } from "../lib/db/embedded-postgres";
import { forkS3Server, S3RVER_CREDENTIALS } from "../test/s3-server-fork";

/** The bucket the deployment's blobs live in. */
export const BUCKET = "studio-multi";

/** A tiny load balancer: each request (its body and its answer streamed, Server-Sent Events included) goes to the next target in turn. */
export async function startRoundRobinProxy(port: number, targets: string[]): Promise<{ url: string; sentTo: number[]; close(): Promise<void> }> {
  const sentTo = targets.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % targets.length;
    sentTo[index] += 1;
    const upstream = http.request(new URL(request.url ?? "/", targets[index]), { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on("error", () => response.destroy());
    response.on("close", () => upstream.destroy());
    request.pipe(upstream);
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${port}`,
    sentTo,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

type Upstreams = { image: string; agent: string; inference: string; key: string };

export type Cluster = {
  databaseUrl: string;
  s3Endpoint: string;
  webs: string[];
  /** The worker processes' pids, in start order. */
  workerPids: number[];
  stop(): Promise<void>;
};

/**
 * Starts PostgreSQL and s3rver, applies the migrations, then `webs` × scripts/web.ts on the build in
 * `.next` and `workers` × scripts/worker.ts, all with the same environment (README "Running several
 * instances"); resolves once every web process answers /api/ready and every worker works its queues.
 * Every process it starts is in `stop()`'s hands from the moment it starts, so a failed start is
 * cleaned up by the caller's `stop()` too.
 */
export function startCluster(options: { webs: number; workers: number; upstreams: Upstreams; publicUrl: string; env: Record<string, string> }): {
  ready: Promise<Cluster>;
  stop(): Promise<void>;
} {
  const children: ChildProcess[] = [];
  const tempDirs: string[] = [];
  let postgres: EmbeddedPostgres | undefined;

  const stop = async () => {
    for (const child of children) signalGroup(child, "SIGKILL");
    await Promise.all(children.map((child) => (child.exitCode === null && child.signalCode === null ? once(child, "exit") : undefined)));
    await postgres?.stop();
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };

  const tempDir = async (name: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), `studio-multi-${name}-`));
    tempDirs.push(dir);
    return dir;
  };

  const ready = (async () => {
    postgres = await startThrowawayPostgres();
    const s3Dir = await tempDir("s3");
    const { child: s3, endpoint: s3Started } = forkS3Server(s3Dir, BUCKET, { detached: true });
    children.push(s3);
    const s3Endpoint = await s3Started;

    const env: Record<string, string> = {
      ...S3RVER_CREDENTIALS,
      DATABASE_URL: postgres.url,
      STORAGE_URL: `s3://${BUCKET}/studio/?endpoint=${encodeURIComponent(s3Endpoint)}&region=us-east-1&forcePathStyle=1`,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      ASSET_SIGNING_KEY: randomBytes(32).toString("base64url"),
      IMAGE_API_BASE_URL: options.upstreams.image,
      IMAGE_API_KEY: options.upstreams.key,
      VIDEO_AGENT_URL: options.upstreams.agent,
      VIDEO_INFERENCE_URL: options.upstreams.inference,
      STUDIO_PUBLIC_URL: options.publicUrl,
      STUDIO_SINGLE_INSTANCE: "",
      NEXT_TELEMETRY_DISABLED: "1",
      CHECKPOINT_DISABLE: "1",
      LOG_LEVEL: "warn",
      ...options.env,
    };
    const run = async (name: string, args: string[], own: Record<string, string> = {}) => {
      // The build in `.next`, the one `npm test` made, whatever folder the runner's own studio uses.
      const { NEXT_DIST_DIR: _distDir, ...inherited } = process.env;
      const child = spawn(process.execPath, args, {
        env: { ...inherited, ...env, ...own, STUDIO_DATA_DIR: await tempDir(name) },
        stdio: ["ignore", "inherit", "inherit"],
        detached: true,
      });
      children.push(child);
      return child;
    };

    const migrate = await run("migrate", ["--conditions=react-server", "--import", "tsx", path.join("scripts", "db", "migrate-deploy.ts")]);
    const [code] = (await once(migrate, "exit")) as [number | null];
    if (code !== 0) throw new Error(`the migrations failed (exit code ${code})`);

    const webPorts = await Promise.all(Array.from({ length: options.webs }, freePort));
    const webs = webPorts.map((port) => `http://127.0.0.1:${port}`);
    const workers: ChildProcess[] = [];
    for (const [index, port] of webPorts.entries()) {
      await run(`web${index}`, ["--conditions=react-server", "--import", "tsx", path.join("scripts", "web.ts")], { PORT: String(port), HOSTNAME: "127.0.0.1" });
    }
    for (let index = 0; index < options.workers; index += 1) workers.push(await run(`worker${index}`, ["--conditions=react-server", "--import", "tsx", path.join("scripts", "worker.ts")]));

    const deadline = Date.now() + 120_000;
    const until = async (done: () => Promise<boolean>, what: string) => {
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`${what} within 120 s`);
        if (children.some((child) => child.exitCode !== null && child !== migrate && child !== s3)) throw new Error("a studio process exited during the start");
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    for (const web of webs) await until(async () => (await fetch(`${web}/api/ready`).catch(() => undefined))?.status === 200, `${web} was not ready`);
    // A web process is ready once any worker runs; the cluster is ready once every worker does (each
    // announces its presence after it has started working its queues, lib/engine/worker), so that
    // work sent at once is shared between them.
    const workerPids = workers.map((worker) => worker.pid!);
    const database = new pg.Client({ connectionString: postgres.url });
    await database.connect();
    try {
      const present = async () => Number((await database.query<{ count: string }>(`SELECT count(*) FROM "WorkerPresence" WHERE pid = ANY($1)`, [workerPids])).rows[0].count);
      await until(async () => (await present()) === workerPids.length, "not every worker was working");
    } finally {
      await database.end();
    }
    return { databaseUrl: postgres.url, s3Endpoint, webs, workerPids, stop };
  })();
  return { ready, stop };
}

/** Each child leads its own process group, so what it started goes with it. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
