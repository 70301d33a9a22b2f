import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

let instancesInThisProcess = 0;

/**
 * An empty directory for generated files: os.tmpdir()/studio-emulator-<pid>, with a suffix for
 * further emulators started by the same process so they never empty each other's files.
 */
export async function createWorkDir(): Promise<string> {
  const suffix = instancesInThisProcess === 0 ? "" : `-${instancesInThisProcess}`;
  instancesInThisProcess += 1;
  const dir = path.join(os.tmpdir(), `studio-emulator-${process.pid}${suffix}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

export async function removeWorkDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
