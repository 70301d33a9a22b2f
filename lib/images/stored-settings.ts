// The settings stored with each generation, read with their model's schema on the server, so the
// browser draws them (from the first paint) without loading zod. JSON from the database, read
// defensively: settings that no longer read as today's form are null.
import { z } from "zod";
import type { GenerationKind } from "@/lib/generated/prisma/client";
import { alphaV3StoredParamsSchema, type AlphaV3StoredParams } from "./alpha-schemas";
import { betaFormSchema, type BetaFormValues } from "./beta-schemas";

const adjustmentsSchema = z.object({ adjustments: z.array(z.string()).catch([]) });

export type StoredSettings =
  | { kind: "alpha_v3"; values: AlphaV3StoredParams }
  /** `adjustments`: what the studio changed in the reference images to make them fit ("photo.heic converted to JPEG"). */
  | { kind: "beta"; values: BetaFormValues | null; adjustments: string[] };

export function readStoredSettings(kind: GenerationKind, params: unknown): StoredSettings | null {
  if (kind === "alpha_v3") {
    const parsed = alphaV3StoredParamsSchema.safeParse(params);
    return parsed.success ? { kind, values: parsed.data } : null;
  }
  const values = betaFormSchema.safeParse(params);
  const adjustments = adjustmentsSchema.safeParse(params);
  return { kind, values: values.success ? values.data : null, adjustments: adjustments.success ? adjustments.data.adjustments : [] };
}
