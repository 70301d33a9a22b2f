import { expect, request as playwrightRequest } from "@playwright/test";
import { testAsNewMember } from "./member-test";

// A designer makes a personal access token on the account page; a script (Playwright's request
// context: no cookies, no Origin) uses it to start an alpha v3 generation and follow its job to its
// end; the designer revokes the token, and the script's next request is refused.
const test = testAsNewMember("tokens");

test("a token made on the account page drives an alpha v3 generation, and stops at once when revoked", async ({ page, baseURL }) => {
  await page.goto("/account");
  const card = page.getByTestId("access-tokens");
  await card.getByRole("textbox", { name: "Name" }).fill("Catalogue script");
  await card.getByRole("checkbox", { name: /images:generate/ }).check();
  await expect(card.getByRole("checkbox", { name: /^read/ })).toBeChecked();
  await card.getByRole("button", { name: "Make token" }).click();

  const secret = (await card.getByTestId("new-token-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^studio_pat_[A-Za-z0-9_-]{43}$/);
  await expect(card.getByTestId("access-token-row").filter({ hasText: "Catalogue script" })).toContainText("Never");

  const script = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${secret}` } });
  try {
    const started = await script.post("/api/alpha/v3/generations", { data: { prompt: `A paper lantern ${Date.now()}`, revise: false } });
    expect(started.status()).toBe(202);
    expect(started.headers()["set-cookie"]).toBeUndefined();
    const { job } = (await started.json()) as { job: { id: string } };
    await expect
      .poll(async () => ((await (await script.get(`/api/jobs/${job.id}`)).json()) as { state: string }).state, { timeout: 30_000 })
      .toBe("succeeded");

    // The page shows the token as used, once reloaded.
    await page.getByRole("button", { name: "Done" }).click();
    await page.reload();
    const row = card.getByTestId("access-token-row").filter({ hasText: "Catalogue script" });
    await expect(row).not.toContainText("Never");
    await row.getByRole("button", { name: "Revoke the token Catalogue script" }).click();
    await expect(row).toContainText("Revoked");

    const refused = await script.get(`/api/jobs/${job.id}`);
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("token_revoked");
  } finally {
    await script.dispose();
  }
});
