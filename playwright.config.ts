import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The studios under test: production build, each with a fresh embedded database and its own emulator
// on fixed local ports. Each Playwright worker tests its own studio, so spec files run side by side
// without sharing any state (a spec that checks that hostile requests write nothing, or counts jobs,
// sees only its own worker's work). A studio and its browser keep a core busy about half the time
// (much of a test is waiting for jobs and the emulator), so the default is one per core, and at least
// two. E2E_STUDIOS sets how many (and so the workers), E2E_PORT the first studio's port; the next
// ones are 100 apart, so two runs can share a machine.
const studioCount = Number(process.env.E2E_STUDIOS ?? Math.max(2, os.availableParallelism()));
const firstPort = Number(process.env.E2E_PORT ?? 3210);

function studio(index: number) {
  const port = firstPort + index * 100;
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    dataDir: path.join(os.tmpdir(), `studio-e2e-data-${port}`),
    /** The signed-in state of the studio's first (admin) account, written by first-account.setup.ts. */
    adminStorageState: `e2e/.auth/admin-${port}.json`,
    // Fixed, so specs can reach the emulator's control endpoints.
    emulatorPorts: { image: port + 900, agent: port + 910, inference: port + 920 },
  };
}

export const studios = Array.from({ length: studioCount }, (_, index) => studio(index));
// Playwright evaluates this file again in each worker process, where TEST_PARALLEL_INDEX (0 … workers − 1)
// names the worker's slot: what follows is that worker's studio (the first one in the runner itself).
const own = studios[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % studioCount];
const { baseURL } = own;
export const { dataDir: studioDataDir, adminStorageState, emulatorPorts } = own;

// Debian's Chromium where present (these machines cannot download Playwright's browsers), Playwright's
// own browser everywhere else. The tests take Debian's headless shell when it is installed: it runs
// pages without the full browser's user interface and its processes, so it uses far less of the
// machine's CPU. bench:pages (scripts/bench-pages.ts) takes the full browser, the one a designer's
// paint is measured in. CHROMIUM_PATH names one binary for both.
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const systemBrowser = (executablePath: string) => (existsSync(executablePath) ? { executablePath, args: CHROMIUM_ARGS } : undefined);
export const launchOptions = systemBrowser(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium") ?? {};
const testLaunchOptions = (process.env.CHROMIUM_PATH ? undefined : systemBrowser("/usr/lib/chromium/chromium-headless-shell")) ?? launchOptions;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: studioCount,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // Recording a trace costs CPU in every test, failing or not, so none is recorded unless asked for:
    // `--trace retain-on-failure` (or `on`) to investigate a failure.
    trace: "off",
    screenshot: "only-on-failure",
    // The studio honours a system's wish for less motion (app/globals.css), and the tests state it:
    // a pulse or a spinner otherwise repaints every frame while a test waits, in a browser that
    // renders in software on the CPU the studio under test needs. A test of motion itself asks for it.
    reducedMotion: "reduce",
    launchOptions: testLaunchOptions,
  },
  projects: [
    { name: "first-account", testMatch: /first-account\.setup\.ts/, use: devices["Desktop Chrome"] },
    { name: "chromium", testMatch: /.*\.spec\.ts/, dependencies: ["first-account"], use: devices["Desktop Chrome"] },
  ],
  webServer: studios.map(({ port, baseURL: url, dataDir, emulatorPorts: emulator }) => ({
    command: `rm -rf "${dataDir}" && exec npx tsx --conditions=react-server scripts/start.ts`,
    // A stop the studio can act on: it stops its worker, then its embedded PostgreSQL (a SIGKILL would leave that running).
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 },
    url: `${url}/sign-in`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      STUDIO_DATA_DIR: dataDir,
      EMULATOR_IMAGE_PORT: String(emulator.image),
      EMULATOR_AGENT_PORT: String(emulator.agent),
      EMULATOR_INFERENCE_PORT: String(emulator.inference),
      EMULATOR_LATENCY: "fast",
      LOG_LEVEL: "warn",
      // An outage and its end are noticed within seconds (e2e/outage.spec.ts), not the default 15 s.
      UPSTREAM_PROBE_TICK_MS: "2000",
      IMAGE_API_BASE_URL: "",
      IMAGE_API_KEY: "",
      VIDEO_AGENT_URL: "",
      VIDEO_INFERENCE_URL: "",
      DATABASE_URL: "",
    },
  })),
});
