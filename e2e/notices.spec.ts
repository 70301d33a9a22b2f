import { expect } from "@playwright/test";
import { testAsNewMember } from "./member-test";
import { settleJobs } from "./settle-jobs";

// What the studio says, word for word: a fresh form scolds nobody, and a press names the rule and
// why the button is off; the beta prompt's counter and its message count the same characters (the
// server's trimmed count) and the message is said once; a finished video job's toast says "Video
// ready", not "Image ready".
const test = testAsNewMember("notices");

test.beforeEach(async ({ page }) => {
  await settleJobs(page.request);
});

const HELD_FOR_PROMPT = "Generate is off: see the prompt above.";
for (const { path, button } of [
  { path: "/alpha", button: "alpha-generate" },
  { path: "/beta", button: "beta-generate" },
]) {
  test(`${path}: a fresh form keeps its button on and says nothing; a press names the prompt's rule and why the button is off`, async ({ page }) => {
    await page.goto(path);
    const prompt = page.getByRole("textbox", { name: "Prompt" });
    const send = page.getByTestId(button);
    await expect(send).toBeEnabled();
    await expect(page.getByText("Prompt must not be empty")).toHaveCount(0);
    await expect(page.getByText(HELD_FOR_PROMPT)).toHaveCount(0);

    await send.click();
    await expect(page.getByText("Prompt must not be empty")).toHaveCount(1);
    await expect(prompt).toBeFocused();
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription(HELD_FOR_PROMPT);

    await prompt.fill("a lighthouse at dusk");
    await expect(page.getByText("Prompt must not be empty")).toHaveCount(0);
    await expect(page.getByText(HELD_FOR_PROMPT)).toHaveCount(0);
    await expect(send).toBeEnabled();
  });
}

test("the beta prompt counter and its message agree on a prompt over the limit, and the message appears once", async ({ page }) => {
  await page.goto("/beta");
  const prompt = page.getByRole("textbox", { name: "Prompt" });
  // Spaces around it are trimmed by the server before it counts, so the counter leaves them out too.
  await prompt.fill(`  ${"a".repeat(759)} \n`);
  await prompt.blur();
  await expect(page.getByTestId("beta-prompt-counter")).toHaveText("759 / 600");
  await expect(page.getByText("Prompt must be at most 600 characters (it has 759)")).toHaveCount(1);
  await expect(page.getByText(/it has 76\d/)).toHaveCount(0);
  await expect(page.getByTestId("beta-generate")).toBeDisabled();
});

test("a video that finishes while the designer is on another page raises a 'Video ready' toast", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/videos");
  await expect(page.getByTestId("partition-status")).toHaveAttribute("data-usable", "true", { timeout: 30_000 });
  const prompt = `A lantern drifting down a canal ${Date.now()}`;
  await page.getByRole("textbox", { name: "Prompt" }).fill(prompt);
  await page.getByTestId("video-task-t2va").click();
  const submit = page.getByTestId("video-submit");
  await expect(submit).toBeEnabled({ timeout: 30_000 });
  await submit.click();
  await expect(page.getByTestId("video-job").filter({ hasText: prompt })).toBeVisible();

  await page.goto("/gallery");
  const toast = page.getByTestId("toast").filter({ hasText: prompt.slice(0, 20) });
  await expect(toast).toBeVisible({ timeout: 150_000 });
  await expect(toast).toContainText("Video ready");
  await expect(toast).not.toContainText("Image ready");
  await expect(toast.getByRole("link", { name: "Open" })).toHaveAttribute("href", /^\/videos\//);
});
