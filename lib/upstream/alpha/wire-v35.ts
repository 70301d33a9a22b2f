// Alpha v3.5 preview on the wire (spec 4.2 request, 2.2 result frame). Pure: no I/O, no keys.
import { z } from "zod";
import {
  ALPHA_FOOTNOTE_MAX_CODE_POINTS,
  ALPHA_V35_MODEL,
  ALPHA_V35_PIXEL_TIERS,
  ALPHA_V35_SEED_MAX,
  ALPHA_V35_SIZE_LIMITS,
  codePointLength,
  isSizeWithin,
} from "@/lib/upstream/alpha/limits";
import { alphaMessageSchema, alphaRequestMessagesSchema, type AlphaMessage } from "@/lib/upstream/alpha/wire-messages";

export { ALPHA_V35_MODEL } from "@/lib/upstream/alpha/limits";
export const ALPHA_V35_PATH = "/v1/wand/alpha-image/v35-generation";

const tierValues = Object.values(ALPHA_V35_PIXEL_TIERS);

/** What the studio sends (strict). `seed` is int64 decimal text; `serializeAlphaV35Request` writes it as a JSON integer. */
export const alphaV35RequestSchema = z.strictObject({
  model: z.literal(ALPHA_V35_MODEL),
  messages: alphaRequestMessagesSchema,
  size: z
    .string()
    .refine((size) => isSizeWithin(size, ALPHA_V35_SIZE_LIMITS), "must be WxH with sides in [256, 8192] and area at most 16777216")
    .optional(),
  seed: z
    .string()
    .regex(/^(0|[1-9]\d*)$/, "must be a non-negative integer in decimal")
    .refine((seed) => BigInt(seed) <= ALPHA_V35_SEED_MAX, "must be at most 2^63-1")
    .optional(),
  // The studio sends only the enumerated tiers; the server would round other values to one (spec 4.2).
  generate_max_pixels: z
    .number()
    .refine((pixels) => (tierValues as number[]).includes(pixels), `must be one of ${tierValues.join(", ")}`)
    .optional(),
  resize_max_pixels: z.number().int().positive().optional(),
  session: z.string().min(1).optional(),
  footnote: z
    .string()
    .refine((text) => codePointLength(text) <= ALPHA_FOOTNOTE_MAX_CODE_POINTS, `must be at most ${ALPHA_FOOTNOTE_MAX_CODE_POINTS} characters`)
    .optional(),
  use_search_tool: z.strictObject({ value: z.boolean() }).optional(),
});
export type AlphaV35Request = z.output<typeof alphaV35RequestSchema>;
/**
 * Parameters of `generateV35`: the request without `model`, which the client fills in. `messages`
 * takes the parsed message type (as lib/chat assembles it); the client checks it strictly.
 */
export type AlphaV35Params = Omit<AlphaV35Request, "model" | "messages"> & { messages: AlphaMessage[] };

/**
 * The request body as JSON. JSON.stringify cannot write a 64-bit integer without rounding it
 * through a double, so the seed (already checked to be plain decimal digits) is appended as text.
 */
export function serializeAlphaV35Request(request: AlphaV35Request): string {
  const { seed, ...rest } = request;
  const json = JSON.stringify(rest);
  if (seed === undefined) return json;
  if (!/^\d+$/.test(seed)) throw new TypeError("seed must be decimal digits");
  return `${json.slice(0, -1)},"seed":${seed}}`;
}

// Reading frames (spec 2.2): every field optional and extra keys kept, because only the final
// frame is described and intermediate frames (when streamed) may carry any subset of it.
const optionalText = z.string().nullish();
const optionalNumber = z.number().nullish();
const usageSchema = z.looseObject({ total_tokens: optionalNumber });

export const alphaV35FrameSchema = z.looseObject({
  id: optionalText,
  object: optionalText,
  created: optionalNumber,
  /** Internal upstream version; informational only, never branched on (spec 2.2, 9). */
  model: optionalText,
  round: optionalNumber,
  choices: z
    .array(
      z.looseObject({
        index: optionalNumber,
        delta: z
          .looseObject({
            type: optionalText,
            image: z
              .looseObject({
                url: optionalText,
                width: optionalNumber,
                height: optionalNumber,
                source: optionalText,
                tool_call_id: optionalText,
              })
              .nullish(),
          })
          .nullish(),
        finish_reason: optionalText,
      }),
    )
    .nullish(),
  usage: usageSchema.nullish(),
  gateway_usage: usageSchema.nullish(),
  request_id: optionalText,
  assembled_history: z.array(alphaMessageSchema).nullish(),
  error: z.looseObject({ type: optionalText, code: optionalText, message: optionalText, request_id: optionalText }).nullish(),
});
export type AlphaV35Frame = z.output<typeof alphaV35FrameSchema>;
