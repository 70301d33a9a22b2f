// The request behind a gallery entry, as its detail view lists it (every parameter of the
// request). The stored params differ per generator (alpha v3's settings, beta's form, a video
// job's form, a conversation's first turn); the few every entry has get their own rows, the rest
// are listed as they were stored. Pure.

type Params = Record<string, unknown>;

/** Shown in their own rows (or, for files, as thumbnails), so not repeated in the list. */
const OWN_ROWS = new Set(["prompt", "size", "seed", "images", "referenceAssetIds", "inputs", "model"]);

function asObject(value: unknown): Params {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Params) : {};
}

/** "seedWasRandom" → "Seed was random"; "advanced.flowShift" → "Advanced: flow shift". */
export function paramLabel(path: string): string {
  const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([a-z])(\d)/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  const parts = path.split(".").map(words);
  const text = parts.length > 1 ? `${parts.slice(0, -1).join(" ")}: ${parts.at(-1)}` : parts[0];
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A stored value in words: on/off, a list, "—" for nothing. */
export function paramText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "On" : "Off";
  if (Array.isArray(value)) return value.length === 0 ? "None" : value.map(paramText).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The size asked for: the stored size ("1024x1024", "auto"), else a video's short edge and aspect ratio. */
export function requestedSize(params: unknown): string | null {
  const stored = asObject(params);
  if (typeof stored.size === "string") return stored.size;
  if (typeof stored.shortEdge === "number") return `${stored.shortEdge} px short edge${typeof stored.aspectRatio === "string" ? `, ${stored.aspectRatio}` : ""}`;
  return null;
}

/** The seed asked for (a video's is among its advanced settings); null when it was random. */
export function requestedSeed(params: unknown): string | null {
  const stored = asObject(params);
  const seed = stored.seed ?? asObject(stored.advanced).seed;
  return typeof seed === "number" || (typeof seed === "string" && seed !== "") ? String(seed) : null;
}

/** Every other stored parameter, nested ones one level deep, in stored order. */
export function otherParams(params: unknown): { label: string; value: string }[] {
  return Object.entries(asObject(params)).flatMap(([key, value]) => {
    if (OWN_ROWS.has(key)) return [];
    const nested = asObject(value);
    if (value === nested && Object.keys(nested).length > 0) {
      return Object.entries(nested)
        .filter(([inner]) => inner !== "seed")
        .map(([inner, innerValue]) => ({ label: paramLabel(`${key}.${inner}`), value: paramText(innerValue) }));
    }
    return [{ label: paramLabel(key), value: paramText(value) }];
  });
}
