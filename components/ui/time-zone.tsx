"use client";

import { createContext, useContext, type ReactNode } from "react";

const ServerTimeZone = createContext<string | undefined>(undefined);

/** Gives the pages the time zone the server drew them in: the designer's, from their cookie (components/ui/time-zone-cookie), or none. */
export function TimeZoneProvider({ zone, children }: { zone: string | undefined; children: ReactNode }) {
  return <ServerTimeZone.Provider value={zone}>{children}</ServerTimeZone.Provider>;
}

/** The zone the server drew this page's moments in; undefined when it did not know the designer's (it drew them in UTC). */
export function useServerTimeZone(): string | undefined {
  return useContext(ServerTimeZone);
}
