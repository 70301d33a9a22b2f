// The designer's time zone travels to the server in a cookie (components/shell/time-zone-script sets
// it before the first paint of every page), so the server draws a moment in that zone, as the browser
// will: waking the page then rewrites no time, and nothing it would move.

export const TIME_ZONE_COOKIE = "studio-tz";

/** An IANA name: a letter, then letters, digits and _ + - / (as in "Etc/GMT+10" and "America/Port-au-Prince"), checked before the time data parses it. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** The cookie's zone when it names one this server's time data knows; undefined for anything else. */
export function knownTimeZone(value: string | undefined): string | undefined {
  if (!value || !ZONE_NAME.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
