// `npm run bench:idle`: what a studio costs while nobody uses it. A production studio on its
// embedded PostgreSQL, its first account made, then two quiet minutes measured: the first with no
// page open, the second with one designer's job stream open (as an open tab keeps it). Prints the
// CPU share of one core each of the studio's processes used (web server, worker, database server,
// the rest: start.ts and npx). Figures are printed, never asserted. BENCH_PORT sets the studio's port, BENCH_SECONDS each window's length.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { signUpFirstAccount, startEmulator, startStudio, stopAll, studioCpu, studioUrl, runBench, type StudioCpu } from "./bench/studio-harness";

const port = Number(process.env.BENCH_PORT ?? 3500);
const studio = studioUrl(port);
const distDir = process.env.NEXT_DIST_DIR ?? ".next-bench";
const windowSeconds = Number(process.env.BENCH_SECONDS ?? 60);
/** After start, the studio's one-off work (migrations, the first probes, schedules) is left to settle. */
const SETTLE_MS = 15_000;

async function measureWindow(dataDir: string): Promise<StudioCpu> {
  const before = await studioCpu(dataDir);
  await new Promise((resolve) => setTimeout(resolve, windowSeconds * 1000));
  const after = await studioCpu(dataDir);
  if (!before || !after) throw new Error("this machine has no /proc to read CPU times from");
  return { web: after.web - before.web, worker: after.worker - before.worker, database: after.database - before.database, rest: after.rest - before.rest };
}

function share(cpu: StudioCpu): string {
  const percent = (seconds: number) => `${((100 * seconds) / windowSeconds).toFixed(2)} %`;
  const total = cpu.web + cpu.worker + cpu.database + cpu.rest;
  return `${percent(total)} of one core (web ${percent(cpu.web)}, worker ${percent(cpu.worker)}, database ${percent(cpu.database)}, rest ${percent(cpu.rest)})`;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-bench-idle-"));
  try {
    const emulator = await startEmulator({ basePort: port, latency: "fast" });
    await startStudio({ port, distDir, emulator, dataDir, databaseUrl: "" });
    const cookie = await signUpFirstAccount(studio, distDir);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    console.log(`an idle studio on its embedded PostgreSQL, ${windowSeconds} s each`);
    console.log(`  no page open: ${share(await measureWindow(dataDir))}`);
    const controller = new AbortController();
    const stream = await fetch(`${studio}/api/jobs/events`, { headers: { cookie, Accept: "text/event-stream" }, signal: controller.signal });
    if (!stream.ok || !stream.body) throw new Error(`the job stream answered ${stream.status}`);
    void (async () => {
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) void chunk;
    })().catch(() => undefined);
    console.log(`  one job stream open: ${share(await measureWindow(dataDir))}`);
    controller.abort();
  } finally {
    await stopAll();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
