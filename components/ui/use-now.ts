"use client";

import { useEffect, useState } from "react";
import { msToNextTick } from "@/lib/client/format-elapsed";

/**
 * The current time, re-read every `intervalMs` while mounted (for running clocks), on the multiples
 * of `intervalMs` since `origin` (ms since the epoch): a clock of a job's elapsed time given the job's
 * start as its origin changes the moment its whole second does, whenever it was mounted, and shows the
 * same second as every other clock of that job on the page.
 */
export function useNow(intervalMs: number, origin = 0): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const from = Number.isFinite(origin) ? origin : 0;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setNow(Date.now());
        schedule();
      }, msToNextTick(Date.now(), intervalMs, from));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [intervalMs, origin]);
  return now;
}
