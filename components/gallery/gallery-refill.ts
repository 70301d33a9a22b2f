import type { StoredRequest } from "@/components/images/stored-request";
import type { FormNotice } from "@/components/images/use-generator-form";
import type { GalleryItemDetailDto } from "@/lib/gallery/gallery-dto";
import { BETA_GALLERY_MODEL } from "@/lib/gallery/gallery-models";
import { shortPrompt } from "./gallery-format";

// A generator refilled from a gallery entry (`?reuse=<entry>`): GET .../reuse gives the
// values stored with the work, which these turn into what each form's own refill takes. Values that
// no longer suit the form are kept as they are, so the form's rules (the route handler's schema)
// show what to change. Pure. The video form's refill is in video-refill.ts, so the image pages do not
// load the video form's code.

type Entry = Pick<GalleryItemDetailDto, "prompt" | "model">;

/** `value` when it is a plain object, else an empty one: stored values are read without trusting their shape. */
export const asObject = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The gallery names beta models "beta-pro"/"beta-lite"; the form, by the upstream's names. */
function betaModelOf(galleryModel: string): string {
  const found = Object.entries(BETA_GALLERY_MODEL).find(([, name]) => name === galleryModel);
  return found ? found[0] : galleryModel;
}

/**
 * An alpha v3 or beta form's stored request. Alpha v3 stores its settings without the prompt (the
 * generation's own column), so the entry's prompt completes it.
 */
export function storedRequestOf(target: "alpha-v3" | "beta", values: unknown, entry: Entry): StoredRequest {
  const stored = asObject(values);
  return {
    prompt: typeof stored.prompt === "string" ? stored.prompt : entry.prompt,
    model: target === "beta" ? betaModelOf(entry.model) : entry.model,
    params: values,
  };
}

/** The notice over the refilled form: where the settings came from, and any reference that could not come back. */
export function refilledNotice(entry: Entry, missing: number): FormNotice {
  const from = `Settings from “${shortPrompt(entry.prompt)}”`;
  return missing > 0
    ? { tone: "warning", text: `${from}, but ${missing} reference image${missing === 1 ? " is" : "s are"} no longer available.` }
    : { tone: "info", text: `${from}. Change anything, then generate.` };
}
