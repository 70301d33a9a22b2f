"use client";

import { useSyncExternalStore } from "react";
import { hasSessionEnded, subscribeToSessionEnd } from "./session-ended";

/** Whether the studio has told this tab that its session ended. */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribeToSessionEnd, hasSessionEnded, () => false);
}
