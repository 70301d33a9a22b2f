import { expect, test, type Page } from "@playwright/test";
import { adminStorageState } from "../playwright.config";

// The production build's scripts and stylesheets reach Chromium as the build's brotli copies
// (lib/http/precompressed-static), with the headers of any static file, and the pages run on them.

/** Every static script and stylesheet `page` receives from now on: URL, status and headers. */
function watchStatic(page: Page) {
  const seen: { url: string; status: number; headers: Record<string, string> }[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/_next/static/") && /\.(?:js|css)$/.test(url.pathname)) {
      seen.push({ url: url.pathname, status: response.status(), headers: response.headers() });
    }
  });
  return seen;
}

function expectBrotliCopies(seen: ReturnType<typeof watchStatic>) {
  expect(seen.length).toBeGreaterThan(3);
  for (const file of seen) {
    expect(file.status, file.url).toBe(200);
    expect(file.headers["content-encoding"], file.url).toBe("br");
    expect(file.headers["cache-control"], file.url).toContain("immutable");
    expect(file.headers["x-content-type-options"], file.url).toBe("nosniff");
  }
  expect(seen.some((file) => file.headers["content-type"]?.startsWith("text/css")), "a stylesheet among them").toBe(true);
}

test("a signed-out visitor's page gets brotli copies of its scripts and styles, and runs on them", async ({ page }) => {
  const seen = watchStatic(page);
  await page.goto("/sign-in");
  await page.waitForLoadState("networkidle");
  expectBrotliCopies(seen);
  // The form's own check ran: the scripts arrived whole.
  await page.getByLabel("Email").fill("not an address");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Email must be a valid address like name@example.com")).toBeVisible();
});

test.describe("signed in", () => {
  test.use({ storageState: adminStorageState });

  test("a studio page gets brotli copies of its scripts, and one that takes no brotli gets Next's gzip", async ({ page }) => {
    const seen = watchStatic(page);
    await page.goto("/gallery");
    await expect(page.getByRole("heading", { name: "Gallery" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expectBrotliCopies(seen);

    const script = seen.find((file) => file.url.endsWith(".js"))!.url;
    const gzip = await page.request.get(script, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.status()).toBe(200);
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    const brotli = await page.request.get(script, { headers: { "accept-encoding": "br" } });
    expect(brotli.headers()["content-encoding"]).toBe("br");
    // Both decode to the same script.
    expect((await brotli.body()).equals(await gzip.body())).toBe(true);
  });
});
