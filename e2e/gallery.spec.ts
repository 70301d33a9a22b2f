import { expect, test, type Browser, type Page } from "@playwright/test";
import { adminStorageState } from "../playwright.config";
import { newMember, signUp } from "./accounts";

// The shared gallery end to end: A shares an alpha v3 image with team T from the
// gallery; B, in T, finds it in T's tab by a word of its prompt, opens it and reuses its settings
// in alpha v3; C, outside T, sees it in no tab and gets "No such item" (a 404) at its address. A
// shared conversation is forked and continued by B.

type Member = Awaited<ReturnType<typeof signedIn>>;

async function signedIn(browser: Browser, baseURL: string, prefix: string) {
  const account = newMember(prefix);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUp(page, account);
  return { account, context, page };
}

/** A word no other entry has, in letters only (the prompt search matches words and their prefixes). */
function distinctiveWord(): string {
  return `quill${[...String(Date.now())].map((digit) => String.fromCharCode(97 + Number(digit))).join("")}`;
}

async function createTeamWith(owner: Member, name: string, member: Member): Promise<string> {
  const created = await owner.page.request.post("/api/teams", { data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const { team } = (await created.json()) as { team: { id: string } };
  const invited = await owner.page.request.post(`/api/teams/${team.id}/invitations`, { data: { email: member.account.email, role: "member" } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { invitation } = (await invited.json()) as { invitation: { id: string } };
  const accepted = await member.page.request.post(`/api/team-invitations/${invitation.id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  return team.id;
}

async function search(page: Page, text: string) {
  await page.getByTestId("gallery-search").fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${text}`));
}

const tiles = (page: Page) => page.getByTestId("gallery-tile");

test("an image shared with a team is found and reused by a teammate, and stays invisible outside the team", async ({ browser, baseURL }) => {
  const b = await signedIn(browser, baseURL!, "gallery-b");
  const a = await signedIn(browser, baseURL!, "gallery-a");
  const c = await signedIn(browser, baseURL!, "gallery-c");
  const teamName = `Gallery crew ${Date.now()}`;
  const teamId = await createTeamWith(a, teamName, b);

  // A generates an alpha v3 image whose prompt holds a distinctive word.
  const word = distinctiveWord();
  const prompt = `A paper boat on a ${word} river at noon`;
  await a.page.goto("/alpha");
  await a.page.getByRole("textbox", { name: "Prompt" }).fill(prompt);
  await a.page.getByRole("button", { name: "Generate" }).click();
  await expect(a.page.getByTestId("alpha-result").first().getByText(prompt, { exact: true })).toBeVisible({ timeout: 30_000 });

  // A shares it with T from the gallery: select the tile, Share with… T.
  await a.page.goto("/gallery");
  await search(a.page, word);
  await expect(tiles(a.page)).toHaveCount(1);
  await expect(tiles(a.page).first()).toContainText("Private");
  await a.page.getByTestId("gallery-select").click();
  await tiles(a.page).first().getByRole("link").click();
  await expect(a.page.getByTestId("gallery-selection-count")).toHaveText("1 entry selected");
  await a.page.getByTestId("gallery-share-menu").click();
  await a.page.getByRole("menuitem", { name: teamName }).click();
  await expect(a.page.getByText(`Shared 1 entry with ${teamName}.`)).toBeVisible();
  await expect(tiles(a.page).first().getByTestId("gallery-tile-shared")).toHaveText(`Shared with ${teamName}`);
  const itemId = (await tiles(a.page).first().getAttribute("data-item-id"))!;

  // B finds it in T's tab by the word, opens it and reuses its settings in alpha v3.
  await b.page.goto("/gallery");
  await b.page.getByTestId(`gallery-tab-${teamId}`).click();
  await expect(b.page).toHaveURL(new RegExp(`scope=${teamId}`));
  await search(b.page, word.slice(0, 8));
  await expect(tiles(b.page)).toHaveCount(1);
  await expect(tiles(b.page).first().getByTestId("gallery-tile-creator")).toHaveText(a.account.name);
  await tiles(b.page).first().getByRole("link").click();
  await expect(b.page).toHaveURL(`/gallery/${itemId}`);
  await expect(b.page.getByTestId("gallery-detail-prompt")).toHaveText(prompt);
  await expect(b.page.getByTestId("gallery-detail-shared")).toHaveText(`With ${teamName}`);
  await expect(b.page.getByTestId("gallery-detail-request-id")).not.toHaveText("—");
  // The request's settings go by the form's names; the seed the studio picked says so.
  await expect(b.page.getByTestId("gallery-detail-seed")).toHaveText(/^\d+picked at random$/);
  await expect(b.page.getByText("Rewrite prompt", { exact: true })).toBeVisible();
  await expect(b.page.getByTestId("gallery-share")).toHaveCount(0);
  await expect(b.page.getByTestId("gallery-delete")).toHaveCount(0);
  await b.page.getByTestId("gallery-reuse").click();
  await expect(b.page).toHaveURL("/alpha");
  await expect(b.page.getByRole("textbox", { name: "Prompt" })).toHaveValue(prompt);
  await expect(b.page.getByText(`Settings from “${prompt}”`, { exact: false })).toBeVisible();

  // C is not in T: the word finds nothing in any of C's tabs, and the address is a 404.
  await c.page.goto(`/gallery?q=${word}`);
  await expect(c.page.getByTestId("gallery-empty")).toBeVisible();
  for (const tab of await c.page.getByRole("navigation", { name: "Gallery tabs" }).getByRole("link").all()) {
    await tab.click();
    await expect(c.page.getByTestId("gallery-empty")).toBeVisible();
    await expect(tiles(c.page)).toHaveCount(0);
  }
  const opened = await c.page.goto(`/gallery/${itemId}`);
  expect(opened?.status()).toBe(404);
  await expect(c.page.getByText("No such item")).toBeVisible();
  expect((await c.page.request.get(`/api/gallery/items/${itemId}`)).status()).toBe(404);

  await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
});

test("a conversation shared with a team is forked and continued by a teammate", async ({ browser, baseURL }) => {
  const b = await signedIn(browser, baseURL!, "fork-b");
  const a = await signedIn(browser, baseURL!, "fork-a");
  const teamName = `Fork crew ${Date.now()}`;
  await createTeamWith(a, teamName, b);

  const word = distinctiveWord();
  await a.page.goto("/chat");
  await a.page.getByRole("textbox", { name: "Message", exact: true }).fill(`A ${word} lighthouse at dusk`);
  await a.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(a.page.getByTestId("turn-image")).toHaveCount(1, { timeout: 30_000 });

  // A shares the conversation's entry from its detail page.
  await a.page.goto(`/gallery?q=${word}&kind=conversation`);
  await tiles(a.page).first().getByRole("link").click();
  await a.page.getByTestId("gallery-share").click();
  await a.page.getByRole("dialog", { name: "Share" }).getByLabel(teamName).check();
  await a.page.getByTestId("gallery-share-save").click();
  await expect(a.page.getByTestId("gallery-detail-shared")).toHaveText(`With ${teamName}`);
  const conversationUrl = a.page.url();

  // B opens it from the gallery: read-only, forks it, and continues in the fork.
  await b.page.goto(conversationUrl);
  await b.page.getByTestId("gallery-reuse").click();
  await expect(b.page.getByTestId("shared-conversation-banner")).toContainText(a.account.name);
  const sharedAddress = b.page.url();
  await b.page.getByTestId("fork-conversation").click();
  await expect(b.page).not.toHaveURL(sharedAddress);
  await expect(b.page).toHaveURL(/\/chat\/[0-9a-f-]{36}/);
  await expect(b.page.getByTestId("turn-image")).toHaveCount(1);
  await b.page.getByRole("textbox", { name: "Message", exact: true }).fill("Make the sky purple");
  await b.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(b.page.getByTestId("turn-image")).toHaveCount(2, { timeout: 30_000 });

  await Promise.all([a.context.close(), b.context.close()]);
});

test("entries are selected by click, shift-click and the keyboard, downloaded as one ZIP and deleted together", async ({ browser, baseURL }) => {
  const a = await signedIn(browser, baseURL!, "select");
  const word = distinctiveWord();
  for (const subject of ["harbour", "orchard", "glacier", "meadow"]) {
    // One generation at a time: the studio limits how many of a user's jobs run at once.
    await expect
      .poll(async () => (await a.page.request.post("/api/alpha/v3/generations", { data: { prompt: `A ${word} ${subject}`, images: [], size: "1024x1024", seed: "", footnote: "", revise: false } })).status(), {
        timeout: 60_000,
        intervals: [500],
      })
      .toBeLessThan(300);
  }
  await a.page.goto(`/gallery?q=${word}`);
  await expect(tiles(a.page)).toHaveCount(4, { timeout: 30_000 });
  const count = a.page.getByTestId("gallery-selection-count");

  // Keyboard: Space toggles, Shift+arrows extend from the anchor, Escape clears.
  await tiles(a.page).nth(0).getByRole("link").focus();
  await a.page.keyboard.press("Space");
  await expect(count).toHaveText("1 entry selected");
  await a.page.keyboard.press("ArrowRight");
  await a.page.keyboard.press("Shift+ArrowRight");
  await expect(count).toHaveText("3 entries selected");
  await expect(tiles(a.page).nth(3)).toHaveAttribute("aria-selected", "false");
  await a.page.keyboard.press("Escape");
  await expect(a.page.getByTestId("gallery-selection-bar")).toHaveCount(0);

  // Mouse: Ctrl-click selects without opening, shift-click takes the range.
  await tiles(a.page).nth(1).getByRole("link").click({ modifiers: ["ControlOrMeta"] });
  await tiles(a.page).nth(3).getByRole("link").click({ modifiers: ["Shift"] });
  await expect(count).toHaveText("3 entries selected");
  const ids = await Promise.all([1, 2, 3].map((n) => tiles(a.page).nth(n).getAttribute("data-item-id")));
  await expect(a.page.getByTestId("gallery-download-zip")).toHaveAttribute("href", `/api/gallery/download?ids=${ids.join(",")}`);
  const zip = await a.page.request.get(`/api/gallery/download?ids=${ids.join(",")}`);
  expect(zip.status()).toBe(200);
  expect((await zip.body()).subarray(0, 2).toString()).toBe("PK");

  await a.page.getByRole("button", { name: "Delete" }).click();
  await a.page.getByTestId("gallery-delete-confirm").click();
  await expect(tiles(a.page)).toHaveCount(1);
  await expect(a.page.getByTestId("gallery-selection-bar")).toHaveCount(0);

  // Enter opens the focused entry.
  await tiles(a.page).nth(0).getByRole("link").focus();
  await a.page.keyboard.press("Enter");
  await expect(a.page.getByTestId("gallery-detail")).toBeVisible();
  await a.context.close();
});

test("a public link: the public page words the model and date as the studio does, and a revoked link's address is no longer offered", async ({ browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL, storageState: adminStorageState });
  const on = await admin.request.patch("/api/admin/settings", { data: { publicShareLinks: true } });
  expect(on.status(), await on.text()).toBe(200);
  const a = await signedIn(browser, baseURL!, "public-a");
  try {
    const word = distinctiveWord();
    const prompt = `A kite over a ${word} dune`;
    await a.page.goto("/alpha");
    await a.page.getByRole("textbox", { name: "Prompt" }).fill(prompt);
    await a.page.getByRole("button", { name: "Generate" }).click();
    await expect(a.page.getByTestId("alpha-result").first().getByText(prompt, { exact: true })).toBeVisible({ timeout: 30_000 });

    await a.page.goto(`/gallery?q=${word}`);
    await tiles(a.page).first().getByRole("link").click();
    await a.page.getByRole("button", { name: "Public link…" }).click();
    const dialog = a.page.getByRole("dialog", { name: "Public links" });
    await dialog.getByRole("button", { name: "Create link" }).click();
    const address = dialog.getByTestId("gallery-public-link");
    await expect(address).toContainText("/s/");
    const url = (await address.innerText()).trim();

    const visitor = await browser.newContext({ baseURL });
    const page = await visitor.newPage();
    await page.goto(url);
    await expect(page.getByTestId("public-model")).toHaveText("Alpha v3");
    await expect(page.getByTestId("public-expires")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M UTC$/);

    await dialog.getByRole("button", { name: "Revoke" }).click();
    await expect(dialog.getByText("None.")).toBeVisible();
    await expect(dialog.getByTestId("gallery-public-link")).toHaveCount(0);
    expect((await page.goto(url))?.status()).toBe(404);
    await visitor.close();
  } finally {
    await admin.request.patch("/api/admin/settings", { data: { publicShareLinks: false } });
    await Promise.all([a.context.close(), admin.close()]);
  }
});

test("gallery filter changes made in quick succession compose: the second builds on the first", async ({ browser, baseURL }) => {
  const a = await signedIn(browser, baseURL!, "filters");
  try {
    for (let round = 0; round < 3; round += 1) {
      await a.page.goto("/gallery?shared=shared");
      await expect(a.page.getByTestId("gallery-shared-shared")).toHaveAttribute("aria-checked", "true");
      // No wait between the two: the second change lands before the first has reached the address.
      await a.page.getByTestId("gallery-shared-all").click();
      await a.page.getByTestId("gallery-model").selectOption("t2va");
      await expect(a.page).toHaveURL(/\/gallery\?model=t2va$/);
    }
  } finally {
    await a.context.close();
  }
});

test("an open gallery shows a new entry at the top as soon as it is made, without a reload", async ({ browser, baseURL }) => {
  const a = await signedIn(browser, baseURL!, "live");
  try {
    await a.page.goto("/gallery");
    await expect(a.page.getByTestId("gallery-empty")).toBeVisible();
    const prompt = `A lantern festival ${distinctiveWord()}`;
    const started = await a.page.request.post("/api/alpha/v3/generations", { data: { prompt } });
    expect(started.status(), await started.text()).toBe(202);
    await expect(tiles(a.page)).toHaveCount(1, { timeout: 30_000 });
    await expect(tiles(a.page).first()).toContainText(prompt.slice(0, 20));
  } finally {
    await a.context.close();
  }
});
