// Times on the admin video page. The page reads its data in the browser, so the browser's zone is used.
const clockFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** "14:32:05" */
export function formatClock(iso: string): string {
  return clockFormat.format(new Date(iso));
}
