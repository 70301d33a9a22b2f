import { z } from "zod";
import { ALPHA_IMAGE_MIME_TYPES } from "@/lib/images/alpha-schemas";

/**
 * The settings stored with each turn by lib/chat/send-turn; read loosely so an older turn still
 * pre-fills. A seed the studio chose for a "random" turn is stored with `seedWasRandom`: editing the
 * turn stays random, while "Run again" repeats the seed.
 */
export const storedTurnParamsSchema = z.object({
  size: z.string().catch("auto"),
  seed: z.string().nullish().catch(null),
  seedWasRandom: z.boolean().catch(false),
  footnote: z.string().nullish().catch(null),
  resizeMaxPixels: z.number().nullish().catch(null),
  useSearchTool: z.boolean().catch(false),
  images: z.array(z.object({ assetId: z.string(), mime: z.enum(ALPHA_IMAGE_MIME_TYPES), bytes: z.number() })).catch([]),
});
export type StoredTurnParams = z.output<typeof storedTurnParamsSchema>;

/** A turn's stored settings as its DTO carries them (read here, so the browser needs no schema), or null when they no longer read. */
export function readStoredTurnParams(params: unknown): StoredTurnParams | null {
  const parsed = storedTurnParamsSchema.safeParse(params);
  return parsed.success ? parsed.data : null;
}
