import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The studio under test: production build, fresh embedded database, emulator on fixed local ports.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
export const studioDataDir = path.join(os.tmpdir(), `studio-e2e-data-${port}`);
/** The signed-in state of the run's first (admin) account, written by first-account.setup.ts. */
export const adminStorageState = `e2e/.auth/admin-${port}.json`;
// Fixed, so specs can reach the emulator's control endpoints; derived from the port so two runs
// (E2E_PORT=…) can share a machine.
export const emulatorPorts = { image: port + 900, agent: port + 910, inference: port + 920 };

// Debian's Chromium where present (these machines cannot download Playwright's browsers);
// Playwright's own browser everywhere else. Shared with scripts/bench-pages.ts.
const systemChromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const launchOptions = existsSync(systemChromium)
  ? {
      executablePath: systemChromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    }
  : {};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    { name: "first-account", testMatch: /first-account\.setup\.ts/, use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "chromium", testMatch: /.*\.spec\.ts/, dependencies: ["first-account"], use: { ...devices["Desktop Chrome"], launchOptions } },
  ],
  webServer: {
    command: `rm -rf "${studioDataDir}" && exec npx tsx --conditions=react-server scripts/start.ts`,
    // A stop the studio can act on: it stops its worker, then its embedded PostgreSQL (a SIGKILL would leave that running).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    url: `${baseURL}/sign-in`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      STUDIO_DATA_DIR: studioDataDir,
      EMULATOR_IMAGE_PORT: String(emulatorPorts.image),
      EMULATOR_AGENT_PORT: String(emulatorPorts.agent),
      EMULATOR_INFERENCE_PORT: String(emulatorPorts.inference),
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
  },
});
