// The composer's draft as the inputs hold it (text fields stay text while typed), and its
// translation to the alpha v3.5 form input that the shared schema checks in the browser and again
// on the server (lib/images/alpha-schemas; the checks themselves are in ./turn-checks, loaded when
// needed). Pure and zod-free.
import type { ReferenceImage } from "@/components/images/reference-image";
import { toFormImage } from "@/components/images/reference-image";
import type { AlphaV35TurnFormInput, AlphaV35TurnFormValues } from "@/lib/images/alpha-schemas";
import type { StoredTurnParams } from "@/lib/chat/stored-turn-params";
import { ALPHA_V35_PIXEL_TIERS, parsePixelSize, type AlphaV35PixelTier } from "@/lib/upstream/alpha/limits";

export type SizeMode = "auto" | "tier" | "exact";

export type TurnSettings = {
  /** spec 4.2: auto sends neither size nor generate_max_pixels; a tier is generate_max_pixels; exact is size. */
  sizeMode: SizeMode;
  tier: AlphaV35PixelTier;
  width: string;
  height: string;
  /** Decimal text: an int64 seed does not fit a JavaScript number. Empty means random. */
  seed: string;
  footnote: string;
  /** Empty means the service default (1048576 pixels, spec 4.2). */
  resizeMaxPixels: string;
  useSearchTool: boolean;
};

export const DEFAULT_TURN_SETTINGS: TurnSettings = {
  sizeMode: "auto",
  tier: "1.5K",
  width: "2048",
  height: "2048",
  seed: "",
  footnote: "",
  resizeMaxPixels: "",
  useSearchTool: false,
};

export const PIXEL_TIER_NAMES = Object.keys(ALPHA_V35_PIXEL_TIERS) as AlphaV35PixelTier[];

function sizeValue(settings: TurnSettings): string {
  if (settings.sizeMode === "tier") return settings.tier;
  if (settings.sizeMode === "exact") return `${settings.width.trim()}x${settings.height.trim()}`;
  return "auto";
}

function resizeValue(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

/** The draft in the schema's input shape; image types are the browser's word, so the schema checks them too. */
export function turnFormInput(text: string, images: readonly ReferenceImage[], settings: TurnSettings) {
  return {
    text,
    images: images.map(toFormImage),
    size: sizeValue(settings),
    seed: settings.seed,
    footnote: settings.footnote,
    resizeMaxPixels: resizeValue(settings.resizeMaxPixels),
    useSearchTool: settings.useSearchTool,
  } satisfies Record<keyof AlphaV35TurnFormInput, unknown>;
}

export type DraftField = "text" | "images" | "size" | "seed" | "footnote" | "resizeMaxPixels" | "useSearchTool";

/** The draft as the schema reads it; sent as is when the schema could not be loaded (the server checks it). */
export type TurnDraftInput = ReturnType<typeof turnFormInput>;

/** What the composer sends: the checked values, or the draft as is when the schema could not be loaded. */
export type TurnRequestValues = AlphaV35TurnFormValues | TurnDraftInput;

/** The settings a stored turn was sent with (its DTO's `storedParams`), for "edit & retry" and its summary. */
export function settingsFromStored(stored: StoredTurnParams | null): TurnSettings {
  if (!stored) return DEFAULT_TURN_SETTINGS;
  const { size, seed, footnote, resizeMaxPixels, useSearchTool } = stored;
  const exact = parsePixelSize(size);
  const tier = PIXEL_TIER_NAMES.find((name) => name === size);
  return {
    ...DEFAULT_TURN_SETTINGS,
    ...(tier && { sizeMode: "tier" as const, tier }),
    ...(exact && { sizeMode: "exact" as const, width: String(exact.width), height: String(exact.height) }),
    // The seed the turn was made with, drawn by the studio or not: retrying reproduces it unless changed.
    seed: seed ?? "",
    footnote: footnote ?? "",
    resizeMaxPixels: resizeMaxPixels ? String(resizeMaxPixels) : "",
    useSearchTool,
  };
}

/** Short labels for the settings that differ from the defaults, for the collapsed settings row and each turn. */
export function settingsSummary(settings: TurnSettings): string[] {
  const labels: string[] = [];
  if (settings.sizeMode === "tier") labels.push(`${settings.tier} area`);
  if (settings.sizeMode === "exact") labels.push(`${settings.width.trim() || "?"}×${settings.height.trim() || "?"}`);
  if (settings.seed.trim()) labels.push(`Seed ${settings.seed.trim()}`);
  if (settings.footnote) labels.push(`Footnote “${settings.footnote}”`);
  if (settings.resizeMaxPixels.trim()) labels.push(`Inputs ≤ ${Number(settings.resizeMaxPixels).toLocaleString("en-US")} px`);
  if (settings.useSearchTool) labels.push("Web search");
  return labels;
}
