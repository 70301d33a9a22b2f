import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { adminStorageState } from "../playwright.config";
import { newMember, signUp } from "./accounts";

// The admin's usage page: the default range (the last 30 UTC days) is read on the server, so its
// table is in the page's HTML before any script runs; after that the page reads the API, and
// "Only this" narrows the page and its CSV export to one designer.

test.use({ storageState: adminStorageState });

test("the usage table comes in the server's HTML, and Only this narrows the page and its export to one designer", async ({ page, browser, baseURL }) => {
  const designer = await browser.newContext({ baseURL, storageState: undefined });
  const designerPage = await designer.newPage();
  const member = newMember("usage");
  await signUp(designerPage, member);
  const started = await designerPage.request.post("/api/alpha/v3/generations", { data: { prompt: "a brass compass on a chart", images: [], size: "1024x1024", revise: false } });
  expect(started.status(), await started.text()).toBe(202);
  const jobId = ((await started.json()) as { job: { id: string } }).job.id;
  await expect
    .poll(async () => ((await (await designerPage.request.get(`/api/jobs/${jobId}`)).json()) as { state: string }).state, { timeout: 30_000 })
    .toBe("succeeded");
  await designer.close();

  // No script runs here: what shows is the server's HTML.
  const plain = await browser.newContext({ baseURL, storageState: adminStorageState, javaScriptEnabled: false });
  const plainPage = await plain.newPage();
  await plainPage.goto("/admin/usage");
  const today = new Date().toISOString().slice(0, 10);
  await expect(plainPage.getByTestId("usage-table")).toContainText(today);
  await expect(plainPage.getByTestId("usage-table").getByRole("row").last()).toContainText("Total");
  await plain.close();

  await page.goto("/admin/usage");
  await page.getByTestId("usage-group-user").click();
  const line = page.getByTestId("usage-table").getByRole("row").filter({ hasText: member.email });
  await expect(line).toContainText(member.name);
  await line.getByRole("button", { name: "Only this" }).click();
  await expect(page.getByText(`User: ${member.name}`)).toBeVisible();
  await expect(page.getByTestId("usage-table").getByRole("row")).toHaveCount(3);

  const download = page.waitForEvent("download");
  await page.getByTestId("usage-export").click();
  const csv = (await readFile((await (await download).path())!, "utf8")).trim().split("\n");
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(member.email);
  expect(csv[1]).toContain(today);
});
