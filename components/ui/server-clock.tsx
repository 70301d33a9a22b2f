"use client";

import { createContext, useContext, type ReactNode } from "react";

type ServerClock = { zone: string | undefined; now: number | undefined };

const DrawnBy = createContext<ServerClock>({ zone: undefined, now: undefined });

/**
 * Gives the pages the clock the server drew them by: the designer's time zone, from their cookie
 * (components/ui/time-zone-cookie), or none; and the moment it drew them, so that "5 minutes ago"
 * is written alike on the server and by the render that hydrates its HTML.
 */
export function ServerClockProvider({ zone, now, children }: { zone: string | undefined; now: number; children: ReactNode }) {
  return <DrawnBy.Provider value={{ zone, now }}>{children}</DrawnBy.Provider>;
}

/** The zone the server drew this page's moments in; undefined when it did not know the designer's (it drew them in UTC). */
export function useServerTimeZone(): string | undefined {
  return useContext(DrawnBy).zone;
}

/** When the server drew this page (ms since the epoch); undefined outside the provider. */
export function useServerNow(): number | undefined {
  return useContext(DrawnBy).now;
}
