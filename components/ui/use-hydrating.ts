"use client";

import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => undefined;

/**
 * True while React hydrates the server's HTML (that drawing is already on screen), false in a render
 * on the client: a component mounted by hydration can leave alone what the server drew.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
