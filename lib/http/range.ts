import type { ByteRange } from "@/lib/storage/blob-store";

export type RangeResult = { kind: "full" } | { kind: "partial"; range: ByteRange } | { kind: "unsatisfiable" };

// RFC 9110 byte ranges, single range only (what browsers and video players send). A multi-range
// or malformed header is ignored and the whole file is served, as the RFC allows.
export function parseRange(header: string | null, size: number): RangeResult {
  if (!header) return { kind: "full" };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "full" };
  const [, first, last] = match;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: "full" };
  return { kind: "partial", range: { start, end } };
}
