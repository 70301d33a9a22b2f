import { sizeLabel } from "@/lib/images/size-label";

// The request behind a gallery entry, as its detail view lists it (every parameter of the
// request). The stored params differ per generator (alpha v3's settings, beta's form, a video
// job's form, a conversation's first turn); the few every entry has get their own rows, the rest
// are listed as they were stored. Pure.

type Params = Record<string, unknown>;

/**
 * Shown in their own rows (or, for files, as thumbnails), so not repeated in the list: a video's short
 * edge and aspect ratio are its size, its task is its model, and a seed says itself whether it was
 * picked at random.
 */
const OWN_ROWS = new Set(["prompt", "size", "seed", "seedWasRandom", "images", "referenceAssetIds", "inputs", "model", "task", "shortEdge", "aspectRatio"]);

/** Stored parameters by the labels their forms give them, where the stored name reads otherwise. */
const FORM_LABELS: Record<string, string> = {
  revise: "Rewrite prompt",
  footnote: "Footnote watermark",
  durationSeconds: "Duration",
  delivery720p: "720p delivery",
  useSearchTool: "Web search",
  resizeMaxPixels: "Attachment pixel limit",
};

/** The unit a stored number is counted in, said after it. */
const UNITS: Record<string, string> = { durationSeconds: "s", resizeMaxPixels: "px" };

function asObject(value: unknown): Params {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Params) : {};
}

/** "revise" → "Rewrite prompt" (its form's label); "advanced.flowShift" → "Advanced: flow shift". */
export function paramLabel(path: string): string {
  if (FORM_LABELS[path]) return FORM_LABELS[path];
  const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([a-z])(\d)/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  const parts = path.split(".").map(words);
  const text = parts.length > 1 ? `${parts.slice(0, -1).join(" ")}: ${parts.at(-1)}` : parts[0];
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A stored value in words: on/off, a number with its thousands marked, a list, "—" for nothing. */
export function paramText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "On" : "Off";
  if (typeof value === "number") return value.toLocaleString("en-US");
  if (Array.isArray(value)) return value.length === 0 ? "None" : value.map(paramText).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The size asked for: the stored size ("1024×1024", "Model's choice"), else a video's short edge and aspect ratio. */
export function requestedSize(params: unknown): string | null {
  const stored = asObject(params);
  if (typeof stored.size === "string") return sizeLabel(stored.size);
  if (typeof stored.shortEdge === "number") return `${stored.shortEdge} px short edge${typeof stored.aspectRatio === "string" ? `, ${stored.aspectRatio}` : ""}`;
  return null;
}

/** The seed asked for (a video's is among its advanced settings); null when it was random. */
export function requestedSeed(params: unknown): string | null {
  const stored = asObject(params);
  const seed = stored.seed ?? asObject(stored.advanced).seed;
  return typeof seed === "number" || (typeof seed === "string" && seed !== "") ? String(seed) : null;
}

/** Whether the studio picked the seed because none was asked for. */
export function seedWasRandom(params: unknown): boolean {
  return asObject(params).seedWasRandom === true;
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
    const unit = UNITS[key] && typeof value === "number" ? ` ${UNITS[key]}` : "";
    return [{ label: paramLabel(key), value: `${paramText(value)}${unit}` }];
  });
}
