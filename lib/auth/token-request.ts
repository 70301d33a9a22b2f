import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { CurrentUser } from "./types";

// route() authenticates a request's Bearer token before its handler runs and runs the handler in
// this context, so currentUser() answers the token's owner without reading any cookie. The store is
// kept on globalThis under a registered symbol: every bundle that holds a copy of this module
// (route handlers and the code they call may be split) must see the same context.
const KEY = Symbol.for("studio.tokenRequest");

/** A request's personal access token, once checked (lib/access-tokens): its owner, and when it expires. */
export type TokenCredential = { user: Extract<CurrentUser, { tokenId: string }>; expiresAt: Date | null };
const holder = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<TokenCredential> };
const store = (holder[KEY] ??= new AsyncLocalStorage<TokenCredential>());

/** Runs `work` as a request made with this token. */
export function runWithToken<T>(credential: TokenCredential, work: () => T): T {
  return store.run(credential, work);
}

/** The token the current request came with, if it came with one. */
export function requestToken(): TokenCredential | undefined {
  return store.getStore();
}
