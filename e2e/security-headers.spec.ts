import { expect, test, type APIResponse, type Page, type Response } from "@playwright/test";
import sharp from "sharp";
import { adminStorageState } from "../playwright.config";

// The security headers, as Chromium receives them. Pages run only scripts carrying this
// response's nonce; stored files can never act as documents; nothing can be framed or sniffed.

type Headers = Record<string, string>;

/** The directives of a Content-Security-Policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

function expectBaseHeaders(headers: Headers, what: string) {
  expect(headers["x-content-type-options"], `${what}: X-Content-Type-Options`).toBe("nosniff");
  expect(headers["x-frame-options"], `${what}: X-Frame-Options`).toBe("DENY");
  expect(headers["referrer-policy"], `${what}: Referrer-Policy`).toBeTruthy();
}

/** The page's policy, checked; returns its nonce. */
function expectPagePolicy(response: Response | null, what: string): string {
  expect(response?.status(), what).toBe(200);
  const headers = response!.headers();
  expectBaseHeaders(headers, what);
  const policy = headers["content-security-policy"];
  expect(policy, `${what}: Content-Security-Policy`).toBeTruthy();
  const csp = directives(policy);
  const scripts = csp.get("script-src") ?? csp.get("default-src") ?? [];
  const nonces = scripts.filter((source) => /^'nonce-[A-Za-z0-9+/_-]+={0,2}'$/.test(source));
  expect(nonces, `${what}: script-src has one nonce`).toHaveLength(1);
  expect(scripts, `${what}: script-src allows no inline script without the nonce`).not.toContain("'unsafe-inline'");
  expect(csp.get("frame-ancestors"), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get("object-src"), `${what}: object-src`).toEqual(["'none'"]);
  return nonces[0].slice("'nonce-".length, -1);
}

/** Collects the CSP violations Chromium reports in the console, and uncaught page errors. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

async function recordViolationEvents(page: Page) {
  // Init scripts run outside the page's CSP, so the listener itself cannot be blocked.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`));
  });
}

const violationEvents = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

async function expectStoredFileHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(response.status(), what).toBe(200);
  expect(headers["content-type"], `${what}: Content-Type`).toBe("image/png");
  expect(headers["x-content-type-options"], `${what}: X-Content-Type-Options`).toBe("nosniff");
  const csp = directives(headers["content-security-policy"] ?? "");
  expect(csp.has("sandbox"), `${what}: CSP sandbox`).toBe(true);
  expect(csp.get("default-src"), `${what}: CSP default-src`).toEqual(["'none'"]);
}

const samplePng = () => sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 30, g: 90, b: 160 } } }).png().toBuffer();

test("a page carries a fresh nonce in a strict CSP, and every inline script carries it", async ({ page }) => {
  const first = expectPagePolicy(await page.goto("/sign-in"), "/sign-in");
  const inlineNonces = await page.evaluate(() => [...document.scripts].filter((script) => !script.src).map((script) => script.nonce));
  expect(inlineNonces.length).toBeGreaterThan(0);
  expect(inlineNonces.every((nonce) => nonce === first), "every inline script has this response's nonce").toBe(true);

  const second = expectPagePolicy(await page.reload(), "/sign-in, loaded again");
  expect(second).not.toBe(first);

  // A static file the page loads gets the headers every response has.
  const chunk = await page.evaluate(() => [...document.scripts].find((script) => script.src)?.src);
  expect(chunk).toBeTruthy();
  expectBaseHeaders((await page.request.get(chunk!)).headers(), "a static script");
});

test.describe("signed in", () => {
  test.use({ storageState: adminStorageState });

  test("the studio's pages work under their CSP: no violation, the theme script runs, the page is interactive", async ({ page }) => {
    await recordViolationEvents(page);
    const consoleProblems = watchConsole(page);

    expectPagePolicy(await page.goto("/"), "/");
    const html = page.locator("html");
    const isDark = async () => (await html.getAttribute("class"))?.split(/\s+/).includes("dark") ?? false;
    const startedDark = await isDark();
    // Only a hydrated page reacts to the click; the class flips through React's handler.
    await page.getByRole("button", { name: startedDark ? "Switch to light theme" : "Switch to dark theme" }).filter({ visible: true }).first().click();
    await expect.poll(isDark).toBe(!startedDark);
    // The inline theme script (allowed by its nonce alone) restores the choice before first paint.
    expectPagePolicy(await page.reload(), "/, reloaded");
    expect(await isDark()).toBe(!startedDark);
    expect(await violationEvents(page)).toEqual([]);

    for (const path of ["/chat", "/alpha", "/admin"]) {
      expectPagePolicy(await page.goto(path), path);
      await expect(page.getByTestId("current-user-name").filter({ visible: true }).first()).toBeVisible();
      expect(await violationEvents(page), path).toEqual([]);
    }
    expect(consoleProblems).toEqual([]);
  });

  test("API answers carry nosniff, errors included", async ({ page, playwright, baseURL }) => {
    const me = await page.request.get("/api/me");
    expect(me.headers()["content-type"]).toContain("application/json");
    expectBaseHeaders(me.headers(), "GET /api/me");

    const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const refused = await anonymous.get("/api/me");
    expect(refused.status()).toBe(401);
    expectBaseHeaders(refused.headers(), "GET /api/me without a session");
    await anonymous.dispose();
  });

  test("an uploaded PNG is served with nosniff and a sandboxing CSP, thumbnail and download alike", async ({ page }) => {
    const upload = await page.request.post("/api/uploads?purpose=alpha-v3", { data: await samplePng(), headers: { "Content-Type": "image/png" } });
    expect(upload.status()).toBe(201);
    const { asset } = (await upload.json()) as { asset: { url: string; thumbnailUrl: string; downloadUrl: string } };
    await expectStoredFileHeaders(await page.request.get(asset.url), "the asset");
    await expectStoredFileHeaders(await page.request.get(asset.downloadUrl), "its download");
    const thumbnail = await page.request.get(asset.thumbnailUrl);
    expect(thumbnail.headers()["x-content-type-options"]).toBe("nosniff");
    expect(directives(thumbnail.headers()["content-security-policy"] ?? "").has("sandbox")).toBe(true);
  });

  test("a PNG with an HTML <script> tail is served as image/png, and opening it runs nothing", async ({ page }) => {
    const tail = "<html><body><script>document.title='script ran'</script></body></html>";
    const polyglot = Buffer.concat([await samplePng(), Buffer.from(tail)]);
    // Declared as HTML the upload is refused outright; as an image, its magic bytes say PNG.
    const asHtml = await page.request.post("/api/uploads?purpose=alpha-v3", { data: polyglot, headers: { "Content-Type": "text/html" } });
    expect(asHtml.status()).toBe(415);
    const upload = await page.request.post("/api/uploads?purpose=alpha-v3", { data: polyglot, headers: { "Content-Type": "image/png" } });
    expect(upload.status()).toBe(201);
    const { asset } = (await upload.json()) as { asset: { url: string; mime: string } };
    expect(asset.mime).toBe("image/png");

    const served = await page.request.get(asset.url);
    await expectStoredFileHeaders(served, "the polyglot");
    expect(served.headers()["content-type"]).not.toContain("html");

    // Opened directly in the browser it is an image, and its script never runs.
    const opened = await page.goto(asset.url);
    expect(opened?.headers()["content-type"]).toBe("image/png");
    expect(await page.title()).not.toBe("script ran");
    await expect(page.locator("script")).toHaveCount(0);
  });
});
