import { readdir, readFile } from "node:fs/promises";
import { studioDataDir } from "../playwright.config";

/**
 * The pids of this run's worker processes (scripts/worker.ts, started by scripts/start.ts with the
 * run's STUDIO_DATA_DIR): other runs on the same machine have workers of their own.
 */
export async function workerPids(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const [cmdline, environ] = await Promise.all([readFile(`/proc/${entry}/cmdline`, "utf8"), readFile(`/proc/${entry}/environ`, "utf8")].map((read) => read.catch(() => "")));
    if (cmdline.split("\0").some((arg) => arg.endsWith("scripts/worker.ts")) && environ.split("\0").includes(`STUDIO_DATA_DIR=${studioDataDir}`)) pids.push(Number(entry));
  }
  return pids;
}
