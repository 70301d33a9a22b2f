import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { adminStorageState, studioDataDir } from "../playwright.config";

test.use({ storageState: adminStorageState });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

// Nothing the browser can download may contain a secret: not the upstream key, not the session or
// asset signing secrets that the studio generated at first start.
test("no secret reaches the browser bundle or the pages", async ({ page }) => {
  const generated = JSON.parse(readFileSync(path.join(studioDataDir, "secrets.json"), "utf8")) as Record<string, string>;
  const emulatorKey = "emulator-key";
  const secrets = [emulatorKey, generated.authSecret, generated.assetSigningKey];

  const staticDir = path.join(process.env.NEXT_DIST_DIR ?? ".next", "static");
  const bundle = filesUnder(staticDir);
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
