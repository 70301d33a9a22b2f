// What the bench scripts share: an emulator and a production studio started as child processes (each
// in its own process group, stopped together), an optional throwaway PostgreSQL database, and the
// studio's first account signed up through its sign-up form.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile, readdir, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";

/** The key the emulator accepts and the studio is given. */
export const emulatorKey = "emulator-key";

export type EmulatorUrls = { image: string; agent: string; inference: string };

const children: ChildProcess[] = [];
type Role = "emulator" | "studio";
const groupOf = new Map<Role, number>();

function start(role: Role, command: string[], env: Record<string, string>): ChildProcess {
  // Its own process group, so stopping it also stops what it started (npx → scripts/start.ts → scripts/web.ts).
  const child = spawn(command[0], command.slice(1), { env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  if (child.pid) groupOf.set(role, child.pid);
  return child;
}

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

type ProcessTimes = { pid: number; ppid: number; group: number; seconds: number; reapedSeconds: number; command: string };

/**
 * Every live process's parent, process group, CPU seconds (user + system), those of its children it
 * has reaped, and command line, from /proc; [] where there is no /proc.
 */
async function processTimes(): Promise<ProcessTimes[]> {
  const entries = await readdir("/proc").catch(() => [] as string[]);
  const found = await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (entry): Promise<ProcessTimes | undefined> => {
        const [stat, command] = await Promise.all([readFile(`/proc/${entry}/stat`, "utf8").catch(() => ""), readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "")]);
        if (!stat) return undefined;
        // After the command's closing parenthesis: state, ppid, pgrp, …, utime (14th field), stime, cutime, cstime (17th).
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
        const ticks = (from: number) => (fields[from] + fields[from + 1]) / TICKS_PER_SECOND;
        return { pid: Number(entry), ppid: fields[1], group: fields[2], seconds: ticks(11), reapedSeconds: ticks(13), command: command.replaceAll("\0", " ") };
      }),
  );
  return found.filter((times) => times !== undefined);
}

/**
 * CPU seconds (user + system) used so far by the live processes of the emulator's or the studio's
 * process group; undefined where there is no /proc. A PostgreSQL server's own processes are not in
 * the studio's group: studioCpu counts its embedded one.
 */
export async function cpuSecondsOf(role: Role): Promise<number | undefined> {
  const group = groupOf.get(role);
  const processes = await processTimes();
  if (!group || !processes.length) return undefined;
  return processes.filter((times) => times.group === group).reduce((sum, times) => sum + times.seconds, 0);
}

/** The studio's CPU seconds so far, by process: the web server, the worker, the rest of its group (start.ts, npx), and its embedded database server. */
export type StudioCpu = { web: number; worker: number; rest: number; database: number };

/**
 * The studio's CPU seconds so far by process (StudioCpu); the database is its embedded PostgreSQL in
 * `dataDir` (the postmaster named by its postmaster.pid, the backends it runs and those it has ended), 0 when the
 * studio runs on another server. Undefined where there is no /proc.
 */
export async function studioCpu(dataDir: string): Promise<StudioCpu | undefined> {
  const group = groupOf.get("studio");
  const processes = await processTimes();
  if (!group || !processes.length) return undefined;
  const postmaster = Number((await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").catch(() => "")).split("\n")[0]) || -1;
  const cpu: StudioCpu = { web: 0, worker: 0, rest: 0, database: 0 };
  for (const times of processes) {
    if (times.pid === postmaster) cpu.database += times.seconds + times.reapedSeconds;
    else if (times.ppid === postmaster) cpu.database += times.seconds;
    else if (times.group !== group) continue;
    else if (times.command.includes("scripts/web.ts")) cpu.web += times.seconds;
    else if (times.command.includes("scripts/worker.ts")) cpu.worker += times.seconds;
    else cpu.rest += times.seconds;
  }
  return cpu;
}

/**
 * Stops what the bench started and resolves once every process of theirs has exited (the studio
 * finishes its background thumbnails otherwise, in a folder about to be removed).
 */
export async function stopAll(): Promise<void> {
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

/**
 * The emulator on `basePort` + 900 (image), + 910 (agent) and + 920 (inference), with the given
 * latency profile; `env` adds or overrides its variables (emulator/README.md).
 */
export async function startEmulator(options: { basePort: number; latency: "fast" | "realistic"; env?: Record<string, string> }): Promise<EmulatorUrls> {
  const child = start("emulator", ["npx", "tsx", "emulator/main.ts"], {
    EMULATOR_IMAGE_PORT: String(options.basePort + 900),
    EMULATOR_AGENT_PORT: String(options.basePort + 910),
    EMULATOR_INFERENCE_PORT: String(options.basePort + 920),
    EMULATOR_LATENCY: options.latency,
    EMULATOR_API_KEYS: emulatorKey,
    ...options.env,
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith("{")) return JSON.parse(line) as EmulatorUrls;
  }
  throw new Error("the emulator stopped before printing its URLs");
}

/** A new, empty database on BENCH_DATABASE_URL's server (its URL and its removal), or "" when unset (the studio then runs its embedded PostgreSQL). */
export async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
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

type StudioOptions = {
  port: number;
  /** The build folder (NEXT_DIST_DIR): one of the bench's own, so it never collides with another checkout's or test run's. */
  distDir: string;
  emulator: EmulatorUrls;
  dataDir: string;
  /** "" for the embedded PostgreSQL. */
  databaseUrl: string;
  /** Further studio variables (lib/settings.ts). */
  env?: Record<string, string>;
};

/** Starts a production studio (scripts/start.ts, which builds it when its sources changed) on 127.0.0.1; resolves once it answers. */
export async function startStudio(options: StudioOptions): Promise<void> {
  // `next build` (run by start.ts when the sources changed) rewrites tsconfig.json for the build
  // folder; it is put back as it was once the studio answers, with its old modification time, so
  // that the next run does not take it for a changed source and build again.
  const tsconfig = await readFile("tsconfig.json", "utf8");
  const { atime, mtime } = await stat("tsconfig.json");
  const child = start("studio", ["npx", "tsx", "--conditions=react-server", "scripts/start.ts"], {
    PORT: String(options.port),
    HOST: "127.0.0.1",
    NEXT_DIST_DIR: options.distDir,
    STUDIO_DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    IMAGE_API_BASE_URL: options.emulator.image,
    IMAGE_API_KEY: emulatorKey,
    VIDEO_AGENT_URL: options.emulator.agent,
    VIDEO_INFERENCE_URL: options.emulator.inference,
    LOG_LEVEL: "warn",
    ...options.env,
  });
  child.stdout!.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  const deadline = Date.now() + 900_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the studio exited (${child.exitCode})`);
    const answer = await fetch(`${studioUrl(options.port)}/sign-in`).catch(() => undefined);
    if (answer?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if ((await readFile("tsconfig.json", "utf8")) !== tsconfig) {
    await writeFile("tsconfig.json", tsconfig);
    await utimes("tsconfig.json", atime, mtime);
  }
}

export function studioUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** Signs up the studio's first account (its admin) through the sign-up form's server action; answers its cookies. */
export async function signUpFirstAccount(studio: string, distDir: string): Promise<string> {
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

/** Runs a bench's `main` and exits with its outcome; a failure stops what it started first. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      void stopAll();
      process.exit(1);
    },
  );
}
