import { test as base, type BrowserContext } from "@playwright/test";
import { newMember, signUp } from "./accounts";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * `test` signed in as one fresh member per worker (signed up once, kept in memory), so a spec's
 * history starts empty and no other spec's session file can swap the account under it.
 */
export function testAsNewMember(prefix: string) {
  return base.extend<object, { memberState: StorageState }>({
    memberState: [
      async ({ browser }, use, workerInfo) => {
        const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
        const page = await context.newPage();
        await signUp(page, newMember(prefix));
        const state = await context.storageState();
        await context.close();
        await use(state);
      },
      { scope: "worker" },
    ],
    storageState: ({ memberState }, use) => use(memberState),
  });
}
