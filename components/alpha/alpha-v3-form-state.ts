import type { ReferenceRule } from "@/components/images/add-reference";
import { headField, type FieldErrors as FieldErrorsOf } from "@/components/images/field-errors";
import { toFormImage, type ReferenceImage } from "@/components/images/reference-image";
import type { AlphaV3FormInput } from "@/lib/images/alpha-schemas";
import {
  ALPHA_IMAGE_MIME_TYPES,
  ALPHA_V3_MAX_IMAGE_BYTES,
  ALPHA_V3_MAX_REFERENCE_IMAGES,
  ALPHA_V3_PRESET_SIZES,
  ALPHA_V3_SEED_RANGE,
  type AlphaV3PresetSize,
} from "@/lib/upstream/alpha/limits";

export type SizeMode = "preset" | "custom" | "auto";
export type SeedMode = "random" | "fixed";

// What the form holds while the designer edits it: text inputs stay text (an empty or half-typed
// number is a valid state of an input), and are turned into the shared schema's input on the way out.
export type AlphaV3FormState = {
  prompt: string;
  references: ReferenceImage[];
  sizeMode: SizeMode;
  preset: AlphaV3PresetSize;
  customWidth: string;
  customHeight: string;
  seedMode: SeedMode;
  seed: string;
  footnote: string;
  revise: boolean;
  /** Images one click asks for, each its own job (lib/images/variations). */
  variations: number;
};

export const initialAlphaV3Form: AlphaV3FormState = {
  prompt: "",
  references: [],
  sizeMode: "preset",
  preset: "1024x1024",
  customWidth: "1024",
  customHeight: "768",
  seedMode: "random",
  seed: "",
  footnote: "",
  // spec 4.1: rewriting improves quality; the studio turns it on unless the designer opts out.
  revise: true,
  variations: 1,
};

export const ALPHA_V3_FIELDS = ["prompt", "images", "size", "seed", "footnote", "revise", "variations"] as const;
export type AlphaV3Field = (typeof ALPHA_V3_FIELDS)[number];
/** Each field as "Generate is off: see the … above" names it. */
export const ALPHA_V3_FIELD_LABELS: Record<AlphaV3Field, string> = {
  prompt: "prompt",
  images: "reference images",
  size: "size",
  seed: "seed",
  footnote: "footnote",
  revise: "prompt revision",
  variations: "variations",
};
export type FieldErrors = FieldErrorsOf<AlphaV3Field>;

/** The references alpha v3 takes (spec 4.1), for the field and for "Use as reference" alike. */
export const alphaV3ReferenceRule: ReferenceRule = { max: ALPHA_V3_MAX_REFERENCE_IMAGES, mimes: ALPHA_IMAGE_MIME_TYPES, maxBytes: ALPHA_V3_MAX_IMAGE_BYTES };

const ALL_PRESETS: readonly string[] = Object.values(ALPHA_V3_PRESET_SIZES).flat();

export function isPresetSize(size: string): size is AlphaV3PresetSize {
  return ALL_PRESETS.includes(size);
}

export function sizeValue(state: AlphaV3FormState): string {
  if (state.sizeMode === "auto") return "auto";
  if (state.sizeMode === "preset") return state.preset;
  return `${state.customWidth.trim()}x${state.customHeight.trim()}`;
}

/**
 * The request body: the shared schema's input, except that a reference image's type is still any
 * string here (an asset's mime); the schema is what refuses a type other than PNG or JPEG.
 */
export type AlphaV3RequestBody = Omit<AlphaV3FormInput, "images"> & { images: ReturnType<typeof toFormImage>[] };

/** The form as the shared schema (and the route handler) reads it; `seed` empty means random. */
export function toFormInput(state: AlphaV3FormState): AlphaV3RequestBody {
  return {
    prompt: state.prompt,
    images: state.references.map(toFormImage),
    size: sizeValue(state),
    seed: state.seedMode === "fixed" ? state.seed : "",
    footnote: state.footnote,
    revise: state.revise,
    variations: state.variations,
  };
}

/**
 * Server and upstream name fields as paths (`images.0.bytes`, `images[1]`); the form shows each
 * message next to the input it belongs to.
 */
export function formFieldOf(path: string): AlphaV3Field | undefined {
  return headField(ALPHA_V3_FIELDS, path);
}

/** A fresh seed for the seed field's dice button. Range per spec 4.1. */
export function drawRandomSeed(): number {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return Math.max(ALPHA_V3_SEED_RANGE.min, value);
}
