/**
 * Whether `text` is a UTC calendar day written YYYY-MM-DD that exists (not 2026-02-30) and that
 * PostgreSQL can compare with (year 1 on: it has no year 0). Safe on any text, so a zod refinement
 * may call it after the pattern check failed.
 */
export function isCalendarDay(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(time)) return false;
  const date = new Date(time);
  return date.getUTCFullYear() >= 1 && date.toISOString().slice(0, 10) === text;
}
