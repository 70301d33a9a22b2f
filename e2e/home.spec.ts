import { expect } from "@playwright/test";
import type { JobDto, JobListDto } from "../lib/jobs/job-dto";
import { testAsNewMember } from "./member-test";

// The home page picks up the work: the designer's newest entries and what their active team shares,
// each a click from its detail.
const test = testAsNewMember("home");

test("the home page shows the designer's newest work and what their active team shares, each a click from its detail", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: /^Hello, / })).toBeVisible();
  await expect(page.getByTestId("recent-mine")).toHaveCount(0);

  const prompt = `A brass compass on an old sea chart ${Date.now()}`;
  const started = await page.request.post("/api/alpha/v3/generations", { data: { prompt, images: [], size: "1024x1024", revise: false } });
  expect(started.status(), await started.text()).toBe(202);
  const [job] = ((await started.json()) as { jobs: JobDto[] }).jobs;
  await expect
    .poll(async () => ((await (await page.request.get("/api/jobs")).json()) as JobListDto).jobs.find((candidate) => candidate.id === job.id)?.state, { timeout: 30_000 })
    .toBe("succeeded");

  // Shared with a team of its own, made the active one.
  const teamName = `Chart room ${Date.now()}`;
  const made = await page.request.post("/api/teams", { data: { name: teamName } });
  expect(made.status(), await made.text()).toBe(201);
  const teamId = ((await made.json()) as { team: { id: string } }).team.id;
  expect((await page.request.put("/api/me/active-team", { data: { teamId } })).status()).toBe(200);
  const itemId = ((await (await page.request.get("/api/gallery?scope=mine")).json()) as { items: { id: string; prompt: string }[] }).items.find((item) => item.prompt === prompt)!.id;
  expect((await page.request.put(`/api/gallery/items/${itemId}/share`, { data: { teamId } })).status()).toBe(200);

  await page.goto("/");
  const mine = page.getByTestId("recent-mine");
  await expect(mine.getByRole("heading", { name: "Your latest work" })).toBeVisible();
  const item = mine.getByTestId("recent-work-item").first();
  await expect(item).toContainText(prompt);
  await expect.poll(() => item.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const team = page.getByTestId("recent-team");
  await expect(team.getByRole("heading", { name: `Shared with ${teamName}` })).toBeVisible();
  await expect(team.getByTestId("recent-work-item")).toHaveCount(1);
  await expect(team.getByRole("link", { name: "All in the gallery →" })).toHaveAttribute("href", `/gallery?scope=${teamId}`);

  await item.click();
  await expect(page).toHaveURL(`/gallery/${itemId}`);
  await expect(page.getByTestId("gallery-detail-prompt")).toHaveText(prompt);
});
