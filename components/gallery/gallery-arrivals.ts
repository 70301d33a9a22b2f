// New entries at the top of the gallery while the designer looks further down (issue: live gallery
// without moving what is on view). In a grid, one tile more at the top moves every tile after it to
// the next column or row, so no scroll offset can keep them in place: the arrivals wait above what
// was seen until the designer goes to the top, or asks for them. Pure.

/** The tiles listed above the first one the designer has already seen (a new list has none), and the rest. */
export function splitArrivals<T extends { id: string }>(items: readonly T[], seen: ReadonlySet<string>): { arrived: T[]; rest: T[] } {
  const firstSeen = items.findIndex((item) => seen.has(item.id));
  if (firstSeen <= 0) return { arrived: [], rest: [...items] };
  return { arrived: items.slice(0, firstSeen), rest: items.slice(firstSeen) };
}
