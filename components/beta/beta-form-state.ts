import type { ReferenceRule } from "@/components/images/add-reference";
import { headField, type FieldErrors } from "@/components/images/field-errors";
import { toFormImage, type ReferenceImage } from "@/components/images/reference-image";
import { BETA_INPUT_LIMITS, BETA_MAX_REFERENCE_IMAGES, BETA_MODELS, betaTierChoices, defaultBetaTier, supportsFeature, type BetaLayerTier, type BetaModel, type BetaTier } from "@/lib/images/beta-capabilities";
import { defaultBetaFormValues } from "@/lib/images/beta-form-defaults";
import type { BetaFormInput, BetaFormValues } from "@/lib/images/beta-schemas";

export type BetaSizeMethod = "tier" | "pixels";
/** A one-model choice left to the model: the field is not sent. */
type ModelDefault = "default";

// What the beta form holds while the designer edits it (spec 4.3). Numbers stay text while typed;
// the choices a model lacks are kept (switching back restores them) but never sent for it.
export type BetaFormState = {
  model: BetaModel;
  prompt: string;
  references: ReferenceImage[];
  sizeMethod: BetaSizeMethod;
  tier: BetaTier | BetaLayerTier;
  width: string;
  height: string;
  layerDecomposition: boolean;
  background: "transparent" | "opaque" | ModelDefault;
  optimizePrompt: "standard" | "fast" | ModelDefault;
  group: boolean;
  maxImages: string;
  webSearch: boolean;
  outputFormat: "png" | "jpeg";
  responseFormat: "url" | "b64_json";
  watermark: boolean;
  /** Images one click asks for, each its own job (lib/images/variations). */
  variations: number;
};

/** The form's fields in the order the form shows them: the first one broken is the one Generate names. */
export const BETA_FIELDS = [
  "model",
  "prompt",
  "images",
  "layerDecomposition",
  "size",
  "background",
  "optimizePrompt",
  "group",
  "webSearch",
  "outputFormat",
  "watermark",
  "responseFormat",
  "variations",
] as const;
export type BetaField = (typeof BETA_FIELDS)[number];
export type BetaFieldErrors = FieldErrors<BetaField>;

/** The references a model takes (spec 4.3), for the field and for "Use as reference" alike. */
export function betaReferenceRule(model: BetaModel): ReferenceRule {
  return { max: BETA_MAX_REFERENCE_IMAGES[model], mimes: BETA_INPUT_LIMITS.mimeTypes, maxBytes: BETA_INPUT_LIMITS.maxImageBytes };
}

// Spec 4.3 default for method 2 on lite (2048x2048), within pro's range too: where width × height starts.
const DEFAULT_SIDE = "2048";
// Spec 4.3: max_images within [1, 15]; the largest leaves the group's size to the model and the prompt.
const DEFAULT_MAX_IMAGES = 15;

/** The form as `values` (the defaults, or a generation's stored params) set it, with its references resolved. */
export function betaFormStateOf(values: BetaFormValues, references: ReferenceImage[]): BetaFormState {
  const { size } = values;
  return {
    model: values.model,
    prompt: values.prompt,
    references,
    sizeMethod: size.method,
    tier: size.method === "tier" ? size.tier : defaultBetaTier(values.model, values.layerDecomposition),
    width: size.method === "pixels" ? String(size.width) : DEFAULT_SIDE,
    height: size.method === "pixels" ? String(size.height) : DEFAULT_SIDE,
    layerDecomposition: values.layerDecomposition,
    background: values.background ?? "default",
    optimizePrompt: values.optimizePrompt ?? "default",
    group: values.group !== null,
    maxImages: String(values.group?.maxImages ?? DEFAULT_MAX_IMAGES),
    webSearch: values.webSearch,
    outputFormat: values.outputFormat,
    responseFormat: values.responseFormat,
    watermark: values.watermark,
    variations: values.variations,
  };
}

export const initialBetaForm: BetaFormState = betaFormStateOf(defaultBetaFormValues(BETA_MODELS[0]), []);

/** Layer decomposition as it will be sent: on, and offered by the chosen model (pro). */
export function layersOn(state: Pick<BetaFormState, "model" | "layerDecomposition">): boolean {
  return state.layerDecomposition && supportsFeature(state.model, "layerDecomposition");
}

/** A tier the size control offers now, keeping the chosen one when it is among them. */
function offeredTier(state: BetaFormState): BetaFormState["tier"] {
  const layers = layersOn(state);
  return (betaTierChoices(state.model, layers) as readonly string[]).includes(state.tier) ? state.tier : defaultBetaTier(state.model, layers);
}

/** Another model: its own tiers (spec 4.3); every other choice stays. */
export function withModel(state: BetaFormState, model: BetaModel): BetaFormState {
  const next = { ...state, model };
  return { ...next, tier: offeredTier(next), sizeMethod: layersOn(next) ? "tier" : next.sizeMethod };
}

/** Layer decomposition takes tiers only, `auto` (follow the input) its default (spec 4.3). */
export function withLayerDecomposition(state: BetaFormState, on: boolean): BetaFormState {
  if (on) return { ...state, layerDecomposition: true, sizeMethod: "tier", tier: defaultBetaTier(state.model, true) };
  const next = { ...state, layerDecomposition: false };
  return { ...next, tier: offeredTier(next) };
}

/** "" → NaN, which the schema refuses as "… must be a number"; "12.5" stays 12.5 for the schema to name. */
function numberOf(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text.trim());
}

/** The request body: the shared schema's input, except that a reference's type is still any string (the schema names a wrong one). */
export type BetaRequestBody = Omit<BetaFormInput, "images"> & { images: ReturnType<typeof toFormImage>[] };

/** The form as the shared schema and POST /api/beta/generations read it: only what the chosen model offers is sent. */
export function toBetaRequestBody(state: BetaFormState): BetaRequestBody {
  const offers = (feature: Parameters<typeof supportsFeature>[1]) => supportsFeature(state.model, feature);
  return {
    model: state.model,
    prompt: state.prompt,
    images: state.references.map(toFormImage),
    size: state.sizeMethod === "tier" ? { method: "tier", tier: state.tier } : { method: "pixels", width: numberOf(state.width), height: numberOf(state.height) },
    layerDecomposition: layersOn(state),
    background: offers("background") && state.background !== "default" ? state.background : undefined,
    optimizePrompt: offers("optimizePrompt") && state.optimizePrompt !== "default" ? state.optimizePrompt : undefined,
    group: offers("group") && state.group ? { maxImages: numberOf(state.maxImages) } : null,
    webSearch: offers("webSearch") && state.webSearch,
    outputFormat: state.outputFormat,
    responseFormat: state.responseFormat,
    watermark: state.watermark,
    variations: state.variations,
  };
}

// The image service names fields by their wire names (spec 4.3); the studio's own 400 by the form's.
const WIRE_FIELDS: Record<string, BetaField> = {
  layer_decomposition: "layerDecomposition",
  optimize_prompt_options: "optimizePrompt",
  sequential_image_generation: "group",
  sequential_image_generation_options: "group",
  tools: "webSearch",
  output_format: "outputFormat",
  response_format: "responseFormat",
};

/** The form field that shows a problem named by `path` (`size.width`, `group.maxImages`, `images.2`, `output_format`). */
export function betaFieldOf(path: string): BetaField | undefined {
  return headField(BETA_FIELDS, path) ?? WIRE_FIELDS[path.split(/[.[]/)[0]];
}

/** Each field as "Generate is off: see the … above" names it. */
export const BETA_FIELD_LABELS: Record<BetaField, string> = {
  model: "model",
  prompt: "prompt",
  images: "reference images",
  layerDecomposition: "layer decomposition",
  size: "size",
  background: "background",
  optimizePrompt: "prompt optimisation",
  group: "group size",
  webSearch: "web search",
  outputFormat: "output format",
  watermark: "watermark",
  responseFormat: "response format",
  variations: "variations",
};
