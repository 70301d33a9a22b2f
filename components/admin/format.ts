// Dates in admin tables: fixed locale and zone, so the server's render and the browser's hydration
// print the same text.
const dateFormat = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
