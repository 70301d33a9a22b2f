import { cookies } from "next/headers";
import { knownTimeZone, TIME_ZONE_COOKIE } from "@/components/ui/time-zone-cookie";

/**
 * The clock a page is drawn by (components/ui/server-clock): the designer's time zone, from the
 * cookie their last page set (UTC when there is none or it is not a zone), and the moment of drawing.
 */
export async function serverClock(): Promise<{ zone: string | undefined; now: number }> {
  const zone = knownTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value);
  return { zone, now: Date.now() };
}
