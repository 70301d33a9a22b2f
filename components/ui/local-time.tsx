"use client";

import { useServerNow, useServerTimeZone } from "./server-clock";
import { useHydrating } from "./use-hydrating";
import { useNow } from "./use-now";

const FORMATS = {
  date: { dateStyle: "medium" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  dateTimeSeconds: { dateStyle: "medium", timeStyle: "medium" },
  /** "9:41:05 AM": a moment within the next minutes. */
  time: { timeStyle: "medium" },
  /** "Nov 26, 09:41": a chat turn's header. */
  dayTime: { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type TimeFormat = keyof typeof FORMATS;

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday", then a date (in `timeZone`, else the runtime's). Pure. */
export function formatRelative(iso: string, now: number, timeZone?: string): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, "hour");
  const days = Math.round(hours / 24);
  if (Math.abs(days) < 7) return relative.format(days, "day");
  return new Date(iso).toLocaleDateString("en", { month: "short", day: "numeric", year: "numeric", timeZone });
}

/**
 * The moment as the server draws it, the same text on the server and in any browser: in the
 * designer's zone when their cookie named it, else in UTC, named as such.
 */
function asDrawn(iso: string, format: TimeFormat, zone: string | undefined): string {
  const text = new Date(iso).toLocaleString("en", { ...FORMATS[format], timeZone: zone ?? "UTC" });
  return zone || format === "date" ? text : `${text} UTC`;
}

/**
 * A moment in the designer's own time zone. The server's HTML and the render that hydrates it write
 * the moment as drawn (a mismatch makes React throw the page's HTML away): in the zone the designer's
 * last page told the server, so the render right after hydration, in the browser's zone, changes
 * nothing; in UTC on a first visit, which that render rewrites.
 */
export function LocalTime({ iso, format }: { iso: string; format: TimeFormat }) {
  const hydrating = useHydrating();
  const zone = useServerTimeZone();
  return <time dateTime={iso}>{hydrating ? asDrawn(iso, format, zone) : new Date(iso).toLocaleString("en", FORMATS[format])}</time>;
}

/**
 * "5 minutes ago", kept current while shown, with the full local moment as its title. The server and
 * the render that hydrates its HTML write the words as of the moment the server drew the page (the
 * browser's clock may differ from the server's, and hydration comes later); the render after it
 * writes them as of the browser's now, which changes them only when a boundary was crossed meanwhile.
 */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  const hydrating = useHydrating();
  const zone = useServerTimeZone();
  const drawnAt = useServerNow();
  const now = useNow(30_000);
  if (hydrating) {
    return (
      <time className={className} dateTime={iso}>
        {drawnAt === undefined ? asDrawn(iso, "dateTime", zone) : formatRelative(iso, drawnAt, zone ?? "UTC")}
      </time>
    );
  }
  return (
    <time className={className} dateTime={iso} title={new Date(iso).toLocaleString("en", FORMATS.dateTimeSeconds)}>
      {formatRelative(iso, now)}
    </time>
  );
}
