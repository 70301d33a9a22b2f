"use client";

import { formatElapsed } from "@/lib/client/format-elapsed";
import { useNow } from "./use-now";

/**
 * A running job's clock: whole seconds since `since` (an ISO time), changing as each one passes, so
 * every clock of the same job on the page shows the same second. Only this text redraws each second.
 */
export function Elapsed({ since }: { since: string }) {
  const start = Date.parse(since);
  const now = useNow(1000, start);
  return <>{formatElapsed(now - start)}</>;
}
