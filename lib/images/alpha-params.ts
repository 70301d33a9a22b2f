// Form values (lib/images/alpha-schemas) → request parameters of the alpha client. Pure.
import {
  ALPHA_V35_PIXEL_TIERS,
  type AlphaV35PixelTier,
  type AlphaV35TurnFormValues,
  type AlphaV3FormValues,
} from "@/lib/images/alpha-schemas";
import type { AlphaMessage } from "@/lib/upstream/alpha/wire-messages";
import type { AlphaV3Params } from "@/lib/upstream/alpha/wire-v3";
import type { AlphaV35Params } from "@/lib/upstream/alpha/wire-v35";

/** `imageUrls`: the form's reference images resolved to http(s) or data: URLs, in form order. */
export function alphaV3ParamsFromForm(values: AlphaV3FormValues, imageUrls: readonly string[]): AlphaV3Params {
  return {
    prompt: values.prompt,
    ...(imageUrls.length > 0 && { images: [...imageUrls] }),
    // spec 4.1: size omitted lets the model pick (from the prompt, else by prediction)
    ...(values.size !== "auto" && { size: values.size }),
    ...(values.seed !== undefined && { seed: values.seed }),
    ...(values.footnote !== undefined && { footnote: values.footnote }),
    revise: values.revise,
  };
}

function isPixelTier(size: string): size is AlphaV35PixelTier {
  return Object.hasOwn(ALPHA_V35_PIXEL_TIERS, size);
}

/**
 * `messages` come from lib/chat/assemble-messages; `session` is the conversation's routing id,
 * the same for every turn (spec 4.2).
 */
export function alphaV35ParamsFromForm(
  values: AlphaV35TurnFormValues,
  context: { messages: AlphaMessage[]; session: string },
): AlphaV35Params {
  return {
    messages: context.messages,
    session: context.session,
    // spec 4.2: an exact size forces it; a tier is generate_max_pixels; auto sends neither
    ...(isPixelTier(values.size)
      ? { generate_max_pixels: ALPHA_V35_PIXEL_TIERS[values.size] }
      : values.size !== "auto" && { size: values.size }),
    ...(values.seed !== undefined && { seed: values.seed }),
    ...(values.footnote !== undefined && { footnote: values.footnote }),
    ...(values.resizeMaxPixels !== undefined && { resize_max_pixels: values.resizeMaxPixels }),
    ...(values.useSearchTool && { use_search_tool: { value: true } }),
  };
}
