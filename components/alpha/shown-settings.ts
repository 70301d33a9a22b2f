import type { AlphaV3StoredParams } from "@/lib/images/alpha-schemas";
import type { GenerationDto } from "@/lib/images/generation-dto";

/** What a generation whose settings no longer read shows: the form's defaults. */
export const FALLBACK_SETTINGS: AlphaV3StoredParams = { size: "auto", seed: null, seedWasRandom: false, footnote: null, revise: true, referenceAssetIds: [] };

/** The settings stored with an alpha v3 generation, as the server read them (lib/images/stored-settings). */
export function shownSettingsOf(generation: Pick<GenerationDto, "settings">): AlphaV3StoredParams {
  return generation.settings?.kind === "alpha_v3" ? generation.settings.values : FALLBACK_SETTINGS;
}
