// Alpha v3 on the wire (spec 4.1 request, 2.1 result). Pure: no I/O, no keys.
import { z } from "zod";
import {
  ALPHA_FOOTNOTE_MAX_CODE_POINTS,
  ALPHA_V3_MODEL,
  ALPHA_V3_MAX_REFERENCE_IMAGES,
  ALPHA_V3_PROMPT_MAX_CODE_POINTS,
  ALPHA_V3_SEED_RANGE,
  ALPHA_V3_SIZE_LIMITS,
  codePointLength,
  isSizeWithin,
} from "@/lib/upstream/alpha/limits";

export { ALPHA_V3_MODEL } from "@/lib/upstream/alpha/limits";
export const ALPHA_V3_PATH = "/v1/wand/alpha-image/v3-generation";

/** What the studio sends (strict: unknown keys are a bug on our side). */
export const alphaV3RequestSchema = z.strictObject({
  model: z.literal(ALPHA_V3_MODEL),
  prompt: z
    .string()
    .refine((prompt) => prompt.trim().length > 0, "must not be empty")
    .refine((prompt) => codePointLength(prompt) <= ALPHA_V3_PROMPT_MAX_CODE_POINTS, `must be at most ${ALPHA_V3_PROMPT_MAX_CODE_POINTS} characters`),
  images: z.array(z.string().min(1)).max(ALPHA_V3_MAX_REFERENCE_IMAGES).optional(),
  size: z
    .string()
    .refine((size) => isSizeWithin(size, ALPHA_V3_SIZE_LIMITS), "must be WxH with sides in [512, 2048] and area at most 1024x1024")
    .optional(),
  seed: z.number().int().min(ALPHA_V3_SEED_RANGE.min).max(ALPHA_V3_SEED_RANGE.max).optional(),
  footnote: z
    .string()
    .refine((text) => codePointLength(text) <= ALPHA_FOOTNOTE_MAX_CODE_POINTS, `must be at most ${ALPHA_FOOTNOTE_MAX_CODE_POINTS} characters`)
    .optional(),
  revise: z.boolean().optional(),
});
export type AlphaV3Request = z.output<typeof alphaV3RequestSchema>;
/** Parameters of `generateV3`: the request without `model`, which the client fills in. */
export type AlphaV3Params = Omit<AlphaV3Request, "model">;

// Reading the result: extra keys are kept, and only `data[].url` is required, because a missing
// `created` or usage block must not lose an image that was already generated and billed.
export const alphaV3ResponseSchema = z.looseObject({
  id: z.string().nullish(),
  created: z.number().nullish(),
  data: z
    .array(z.looseObject({ url: z.string().min(1), revised_prompt: z.string().nullish() }))
    .min(1),
  request_id: z.string().nullish(),
  gateway_usage: z.looseObject({ total_tokens: z.number().nullish() }).nullish(),
});
export type AlphaV3Response = z.output<typeof alphaV3ResponseSchema>;
