import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { adminStorageState, emulatorPorts, studioDataDir } from "../playwright.config";
import { buildDir } from "../scripts/build-dir";

test.use({ storageState: adminStorageState });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const isSecret = (value: unknown): value is string => typeof value === "string" && value.length > 0;

// Nothing the browser can download may contain a secret: not the upstream key, not the session or
// asset signing secrets that the studio generated at first start.
test("no secret reaches the browser bundle or the pages", async ({ page }) => {
  const generated = JSON.parse(readFileSync(path.join(studioDataDir, "secrets.json"), "utf8")) as Record<string, unknown>;
  // The upstream key of this run: scripts/start.ts gives the studio the emulator's first key, so
  // the emulator's live configuration names it (and any other key it accepts).
  const emulatorConfig = await page.request.get(`http://127.0.0.1:${emulatorPorts.image}/__emulator/config`);
  expect(emulatorConfig.ok()).toBe(true);
  const { apiKeys } = (await emulatorConfig.json()) as { apiKeys: unknown[] };
  expect(apiKeys.length).toBeGreaterThan(0);
  const candidates = [...apiKeys, generated.authSecret, generated.assetSigningKey];
  // An empty or missing value would make every scan below pass without checking anything.
  expect(candidates.every(isSecret), "every secret is a non-empty string").toBe(true);
  const secrets = candidates.filter(isSecret);

  const staticDir = path.join(buildDir(), "static");
  const bundle = [...filesUnder(staticDir), ...filesUnder("public")];
  expect(bundle.length).toBeGreaterThan(0);
  for (const file of bundle) {
    const text = readFileSync(file, "latin1");
    for (const secret of secrets) expect(text.includes(secret), `${file} contains a secret`).toBe(false);
  }

  for (const url of ["/", "/admin", "/alpha", "/chat"]) {
    const html = await (await page.request.get(url)).text();
    for (const secret of secrets) expect(html.includes(secret), `${url} contains a secret`).toBe(false);
  }
});
