/**
 * The full-text query (PostgreSQL `to_tsquery('simple', …)`) for what a user typed: every word as a
 * prefix (`word:*`), all of them required. Only letters and digits reach the query, so nothing typed
 * can be read as tsquery syntax; null when nothing searchable is left. The text is passed as a
 * parameter, never spliced into SQL.
 */
export function prefixTsQuery(text: string): string | null {
  const words = text.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0 ? null : words.map((word) => `${word.toLowerCase()}:*`).join(" & ");
}
