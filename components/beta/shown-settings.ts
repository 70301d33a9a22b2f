import type { BetaFormValues } from "@/lib/images/beta-schemas";
import type { GenerationDto } from "@/lib/images/generation-dto";

/** The form values a beta generation was sent with, as the server read them (lib/images/stored-settings); undefined when they no longer read. */
export function shownBetaValues(generation: Pick<GenerationDto, "settings">): BetaFormValues | undefined {
  return generation.settings?.kind === "beta" ? (generation.settings.values ?? undefined) : undefined;
}

/** What the studio changed in the reference images before sending them ("photo.heic converted to JPEG"). */
export function shownAdjustments(generation: Pick<GenerationDto, "settings">): string[] {
  return generation.settings?.kind === "beta" ? generation.settings.adjustments : [];
}

/** How a finished generation's images are shown: one image, a group (lite), or a base with its layers (pro). */
export function resultKindOf(generation: Pick<GenerationDto, "images">): "single" | "group" | "layers" {
  if (generation.images.some((image) => image.role === "base" || image.role === "layer")) return "layers";
  return generation.images.length > 1 ? "group" : "single";
}
