import axe from "axe-core";
import { expect, test as base, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { adminStorageState } from "../playwright.config";

// Every page, in the light and the dark theme, is scanned with axe-core and must have no serious or
// critical violation (WCAG 2.x A/AA, contrast included); and the shell and a generator form must be
// usable from the keyboard alone. The admin account sees every page and every navigation entry.

/** One of everything a detail page shows, made once per worker by the admin. */
type Samples = { galleryItem: string; conversation: string; team: string; video: string };

const test = base.extend<object, { samples: Samples }>({
  samples: [
    async ({ playwright }, use, workerInfo) => {
      const admin = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL, storageState: adminStorageState });
      const samples = await makeSamples(admin);
      await admin.dispose();
      await use(samples);
    },
    { scope: "worker" },
  ],
});
test.use({ storageState: adminStorageState });

async function makeSamples(admin: APIRequestContext): Promise<Samples> {
  const conversation = await admin.post("/api/chat/conversations", { data: { title: "Accessibility sample" } });
  expect(conversation.status(), await conversation.text()).toBe(201);
  const team = await admin.post("/api/teams", { data: { name: "Accessibility crew" } });
  expect(team.status(), await team.text()).toBe(201);
  const video = await admin.post("/api/videos", {
    data: { task: "t2va", prompt: "A lantern on a quiet pier", durationSeconds: 4, shortEdge: 768, aspectRatio: "16:9", delivery720p: false, advanced: { steps: 20, seed: 7 }, inputs: [] },
  });
  expect(video.status(), await video.text()).toBe(202);
  // Two variations, so the gallery shows a set's tile and its detail the set's navigation.
  const generation = await admin.post("/api/alpha/v3/generations", { data: { prompt: "A paper boat on a calm lake", images: [], size: "1024x1024", revise: false, variations: 2 } });
  expect(generation.status(), await generation.text()).toBe(202);
  const videoId = ((await video.json()) as { video: { id: string } }).video.id;
  // Both jobs end before any page is scanned, so no page is caught half-way through an update.
  await expect
    .poll(async () => ((await (await admin.get(`/api/videos/${videoId}`)).json()) as { finished: boolean }).finished, { timeout: 120_000 })
    .toBe(true);
  let galleryItem: string | undefined;
  await expect
    .poll(
      async () => {
        const first = ((await (await admin.get("/api/gallery?scope=mine&kind=image")).json()) as { items: { id: string; variationIds: string[] }[] }).items[0];
        galleryItem = first?.id;
        return first?.variationIds.length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  return {
    galleryItem: galleryItem!,
    conversation: ((await conversation.json()) as { conversation: { id: string } }).conversation.id,
    team: ((await team.json()) as { team: { id: string } }).team.id,
    video: videoId,
  };
}

/** Each page of the studio; a detail page names the sample it shows. */
const studioPages: { name: string; path: (samples: Samples) => string }[] = [
  ...["/", "/alpha", "/beta", "/chat", "/compare", "/videos", "/gallery", "/teams", "/account", "/account/api", "/admin", "/admin/audit", "/admin/budgets", "/admin/usage", "/admin/video"].map((path) => ({ name: path, path: () => path })),
  { name: "/chat/[id]", path: (samples: Samples) => `/chat/${samples.conversation}` },
  { name: "/gallery/[id]", path: (samples: Samples) => `/gallery/${samples.galleryItem}` },
  { name: "/teams/[id]", path: (samples: Samples) => `/teams/${samples.team}` },
  { name: "/teams/[id]/audit", path: (samples: Samples) => `/teams/${samples.team}/audit` },
  { name: "/videos/[id]", path: (samples: Samples) => `/videos/${samples.video}` },
];
const signedOutPages = ["/sign-in", "/sign-up"];

/** Resolves once the page has loaded and its DOM has not changed for a moment (client data arrived). */
async function settled(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quiet = setTimeout(done, 750);
        const giveUp = setTimeout(done, 10_000);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, 750);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(quiet);
          clearTimeout(giveUp);
          resolve();
        }
      }),
  );
}

/**
 * Serious and critical axe-core violations, one readable block each: rule, nodes, what is wrong.
 * axe-core runs in the page itself, injected once per document. (@axe-core/playwright gathers
 * results frame by frame and finishes them in a blank page of its own, for cross-origin frames,
 * which the studio has none of; that protocol costs several times the scan itself.)
 */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => (await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] })).violations);
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.length} node(s)`,
        ...violation.nodes.map((node) => `  ${node.target.join(" ")}: ${node.html.slice(0, 160)}\n    ${(node.failureSummary ?? "").replaceAll("\n", "\n    ")}`),
      ].join("\n"),
    );
}

const currentTheme = (page: Page) => page.evaluate(() => (document.documentElement.classList.contains("dark") ? "dark" : "light"));

async function expectNoSeriousViolation(page: Page, path: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${path} (${await currentTheme(page)})\n${violations.join("\n")}`).toEqual([]);
}

async function expectAccessible(page: Page, path: string) {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on("pageerror", onError);
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBeLessThan(400);
  await settled(page);
  page.off("pageerror", onError);
  // Nothing thrown while the page loads and wakes up: a hydration mismatch among them, after which
  // React throws the server's page away and draws it again, losing what was typed meanwhile.
  expect(errors, `${path}: errors thrown in the page`).toEqual([]);
  await expectNoSeriousViolation(page, path);
}

/**
 * Scans the page in the light theme, then in the dark one: the system preference changes while the
 * page is open and the shell's theme follows it, so one load serves both scans.
 */
async function expectAccessibleInBothThemes(page: Page, path: string) {
  await page.emulateMedia({ colorScheme: "light" });
  await expectAccessible(page, path);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => currentTheme(page)).toBe("dark");
  await settled(page);
  await expectNoSeriousViolation(page, path);
}

/**
 * What does not fit the screen: a page that scrolls sideways, with the outermost element sticking
 * out, and a table wider than its frame (a list table is a card per row on a phone). A frame that is
 * a named region may scroll: the keyboard can scroll it.
 */
function widerThanTheScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    const tables = [...document.querySelectorAll("table")]
      .filter((table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth + 1 && table.parentElement!.getAttribute("role") !== "region")
      .map((table) => `the table "${table.getAttribute("aria-label") ?? table.dataset.testid ?? table.caption?.textContent}" is ${table.scrollWidth} px wide in a frame of ${table.parentElement!.clientWidth} px`);
    if (document.documentElement.scrollWidth <= screen) return tables;
    // An element inside a scrolling frame is cut off by it, unless it is placed absolutely: then the
    // frame cuts it off only if it is positioned itself.
    const inFrame = (element: Element) => {
      if (getComputedStyle(element).position === "absolute") return false;
      for (let frame = element.parentElement; frame && frame !== document.body; frame = frame.parentElement) if (getComputedStyle(frame).overflowX !== "visible") return true;
      return false;
    };
    const sticking = [...document.querySelectorAll<HTMLElement>("body *")].filter((element) => element.getBoundingClientRect().right > screen + 1 && !inFrame(element));
    const outermost = sticking.find((element) => !sticking.includes(element.parentElement!));
    return [`the page is ${document.documentElement.scrollWidth} px wide`, outermost ? `<${outermost.tagName.toLowerCase()} class="${outermost.className}">` : "", ...tables];
  });
}

for (const { name, path } of studioPages) {
  test(`${name}: no serious accessibility violation in either theme, every visible control is reached with Tab, and it fits a phone's width`, async ({ page, samples }) => {
    // Two full scans and a Tab walk of the page: /account/api alone lists the whole API.
    test.slow();
    await expectAccessibleInBothThemes(page, path(samples));
    expect(await unreachableControls(page), `${path(samples)}: controls Tab never reaches`).toEqual([]);
    // The same page, narrowed to a phone's width: a chart follows its box a frame or two later.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => widerThanTheScreen(page), { message: `${path(samples)} on a phone` }).toEqual([]);
  });
}

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  for (const path of signedOutPages) {
    test(`${path} has no serious accessibility violation in either theme`, async ({ page }) => {
      await expectAccessibleInBothThemes(page, path);
    });
  }
});

test("the theme follows the system preference until the designer picks one", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect.poll(() => currentTheme(page)).toBe("dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => currentTheme(page)).toBe("light");
  await page.getByRole("button", { name: "Switch to dark theme" }).filter({ visible: true }).click();
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  // The designer's choice outlasts a reload and a change of the system's preference.
  await expect.poll(() => currentTheme(page)).toBe("dark");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.emulateMedia({ colorScheme: "light" });
  expect(await currentTheme(page)).toBe("dark");
});

// A phone in the dark theme, where small text on dark surfaces is easiest to get wrong; its clock
// and language are not the server's, so a page that formats a date, a time or a number in the
// browser must still wake up on the server's render without an error.
test.describe("on a phone (390×844) in the dark theme, in another time zone and language", () => {
  test.use({ colorScheme: "dark", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: "Pacific/Auckland", locale: "de-DE" });
  for (const path of ["/gallery", "/alpha", "/chat", "/videos"]) {
    // The samples give the gallery a variation set, the chat a conversation and the videos a job.
    test(`${path} has no serious accessibility violation on a phone`, async ({ page, samples }) => {
      expect(samples.galleryItem).toBeTruthy();
      await expectAccessible(page, path);
    });
  }
});

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus; fails if it never does within `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  expect(await isFocused(target), `${target} is reached with Tab`).toBe(true);
}

test("the shell's navigation and the alpha v3 form work from the keyboard alone", async ({ page }) => {
  await page.goto("/");
  await settled(page);
  // Every section is reached in the order shown, and Enter follows the link.
  const sections = page.getByRole("navigation", { name: "Sections" }).getByRole("link");
  const count = await sections.count();
  expect(count).toBeGreaterThan(5);
  for (let index = 0; index < count; index += 1) await tabTo(page, sections.nth(index), 20);
  await tabTo(page, sections.filter({ hasText: "Alpha v3" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/alpha$/);
  await settled(page);

  // From the top of the page: the prompt, typed into, then Generate, pressed with Enter.
  const prompt = `A kite over the dunes, typed ${Date.now()}`;
  await tabTo(page, page.getByRole("textbox", { name: "Prompt" }));
  await page.keyboard.type(prompt);
  await tabTo(page, page.getByRole("button", { name: "Generate" }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("alpha-result").first().getByText(prompt, { exact: true })).toBeVisible({ timeout: 30_000 });
});

/**
 * Tabs through the whole page and answers the visible controls Tab never reached. A group of radio
 * buttons counts as one stop (arrow keys move within it), and elements taken out of the tab order on
 * purpose (tabindex -1: roving focus in a grid, tab list or menu) are not counted.
 */
async function unreachableControls(page: Page): Promise<string[]> {
  const total = await page.evaluate(() => {
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex], [role=button], [role=link], [role=tab], [role=checkbox], [role=switch]";
    const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (element) => element.checkVisibility() && !element.matches(":disabled, [tabindex='-1'], [inert] *") && element.closest("[aria-hidden=true]") === null,
    );
    controls.forEach((element, index) => {
      const radioGroup = element instanceof HTMLInputElement && element.type === "radio" ? element.name : "";
      element.dataset.keyboardStop = radioGroup ? `radio:${radioGroup}` : String(index);
    });
    const reached = new Set<string>();
    document.addEventListener("focusin", (event) => {
      const stop = (event.target as HTMLElement).dataset?.keyboardStop;
      if (stop) reached.add(stop);
    });
    Object.assign(window, { keyboardStopsReached: reached });
    return new Set(controls.map((element) => element.dataset.keyboardStop)).size;
  });
  const reachedCount = () => page.evaluate(() => (window as unknown as { keyboardStopsReached: Set<string> }).keyboardStopsReached.size);
  await page.locator("body").focus();
  for (let presses = 0; presses < total + 20 && (await reachedCount()) < total; presses += 10) {
    for (let step = 0; step < 10; step += 1) await page.keyboard.press("Tab");
  }
  return page.evaluate(() => {
    const reached = (window as unknown as { keyboardStopsReached: Set<string> }).keyboardStopsReached;
    return [...document.querySelectorAll<HTMLElement>("[data-keyboard-stop]")]
      .filter((element) => !reached.has(element.dataset.keyboardStop!))
      .map((element) => `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 60)}"`);
  });
}
