import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3700";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
await page.goto("/sign-up");
await page.getByLabel("Name").fill("Ada Admin");
await page.getByLabel("Email").fill("ada@studio.test");
await page.getByLabel("Password").fill("correct horse battery");
await page.getByRole("button", { name: "Create account" }).click();
await page.getByTestId("current-user-name").waitFor();
const started = await page.request.post("/api/alpha/v3/generations", { data: { prompt: "a brass compass on a chart", images: [], size: "1024x1024", revise: false, variations: 2 }, headers: { Origin: base } });
console.log("start", started.status());
const { jobs, job } = await started.json();
const ids = (jobs ?? [job]).map((j) => j.id);
for (let i = 0; i < 120; i++) {
  const states = await Promise.all(ids.map(async (id) => (await (await page.request.get(`/api/jobs/${id}`)).json()).state));
  if (states.every((s) => s === "succeeded" || s === "failed")) { console.log(states); break; }
  await page.waitForTimeout(1000);
}
const noScript = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, javaScriptEnabled: false, storageState: await context.storageState() });
const plain = await noScript.newPage();
await plain.goto("/admin/usage");
await plain.screenshot({ path: "/tmp/look-usage-noscript.png", fullPage: true });
await page.goto("/admin/usage");
await page.waitForTimeout(1500);
await page.screenshot({ path: "/tmp/look-usage.png", fullPage: true });
await page.getByTestId("usage-group-user").click();
await page.waitForTimeout(800);
await page.screenshot({ path: "/tmp/look-usage-user.png", fullPage: true });
await browser.close();
