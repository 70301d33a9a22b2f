import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startEmulator } from "@/emulator";
import type { CurrentUser } from "@/lib/auth/current-user";
import { loadSettings } from "@/lib/settings";
import { createTestDb, type TestDb } from "./db";
import { startTestJobWorker, type TestJobWorker } from "./job-worker";
import { createTestUser } from "./users";

type Emulator = Awaited<ReturnType<typeof startEmulator>>;

export type StudioUpstream = {
  emulator: Emulator;
  /** POST/PATCH/GET a control endpoint of the image port (`/__emulator<path>`). */
  control(pathname: string, init?: { method?: string; json?: unknown }): Promise<unknown>;
  close(): Promise<void>;
};

// Points the studio's lib/ code at a fresh emulator (fast latency) and a throwaway data directory,
// the way scripts/start.ts does for `npm start`, and has lib/ read its settings again.
export async function startStudioUpstream(): Promise<StudioUpstream> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "studio-int-"));
  const emulator = await startEmulator({ config: { latency: "fast" }, ports: { image: 0, agent: 0, inference: 0 } });
  Object.assign(process.env, {
    STUDIO_DATA_DIR: dataDir,
    IMAGE_API_BASE_URL: emulator.urls.image,
    IMAGE_API_KEY: emulator.config.apiKeys[0],
    VIDEO_AGENT_URL: emulator.urls.agent,
    VIDEO_INFERENCE_URL: emulator.urls.inference,
    LOG_LEVEL: "silent",
  });
  loadSettings();
  return {
    emulator,
    async control(pathname, init = {}) {
      const response = await fetch(`${emulator.urls.image}/__emulator${pathname}`, {
        method: init.method ?? (init.json === undefined ? "GET" : "POST"),
        headers: init.json === undefined ? undefined : { "Content-Type": "application/json" },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      if (!response.ok) throw new Error(`emulator control ${pathname}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    async close() {
      await emulator.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type StudioTestContext = { upstream: StudioUpstream; testDb: TestDb; user: CurrentUser; worker: TestJobWorker };

// Registers the hooks of an integration test file that acts as a user of the studio against the
// emulator: upstream first (it sets the environment lib/ reads), then a fresh migrated database, and a
// worker in this process that runs the image jobs the test starts (test/job-worker).
export function useStudioTestContext(): StudioTestContext {
  const context = {} as StudioTestContext;
  beforeAll(async () => {
    context.upstream = await startStudioUpstream();
    context.testDb = await createTestDb();
    context.worker = await startTestJobWorker(context.testDb.url);
    context.user = await createTestUser(context.testDb.db);
  });
  afterAll(async () => {
    // Thumbnails under way finish first: the worker's stop waits for its runs.
    await context.worker?.stop();
    await context.testDb?.close();
    await context.upstream?.close();
  });
  return context;
}
