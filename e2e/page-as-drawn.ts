import type { Page, Route } from "@playwright/test";

/**
 * Loads a page as the server drew it: `load` navigates while the page's scripts are held back, so
 * what it shows is the server's HTML, before it has woken up (hydrated). `wake` lets the scripts run
 * and resolves once the page is awake (its job stream opens only then).
 */
export async function openAsDrawn(page: Page, load: () => Promise<unknown>): Promise<{ wake: () => Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, (route) => (holding ? void held.push(route) : route.continue()));
  await load();
  return {
    async wake() {
      const awake = page.waitForRequest(/\/api\/jobs\/events/);
      holding = false;
      for (const route of held) await route.continue();
      await awake;
    },
  };
}

/** The errors a page reports from now on: uncaught ones and console errors (a hydration mismatch among them). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (entry) => {
    if (entry.type() === "error") errors.push(entry.text());
  });
  return errors;
}
