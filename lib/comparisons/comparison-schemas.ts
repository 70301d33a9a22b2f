// The side-by-side comparison's form, shared by the /compare page and its route handler. Browser-safe.
// One prompt and optional reference images go to every member; each member's own settings are checked
// by that model's existing form schema, so a comparison accepts exactly what the model's own page
// accepts, and a refusal names the member's field (`members.1.settings.size`).
import { z } from "zod";
import { alphaV35TurnFormSchema, alphaV3FormSchema, type AlphaV35TurnFormValues, type AlphaV3FormValues } from "@/lib/images/alpha-schemas";
import { defaultBetaTier } from "@/lib/images/beta-capabilities";
import { betaFormSchema, type BetaFormValues } from "@/lib/images/beta-schemas";

import { BETA_MODEL_OF, COMPARISON_MEMBERS, COMPARISON_MODEL_LABELS, COMPARISON_MODELS, type ComparisonModel } from "./comparison-models";

const referenceImageSchema = z.object({ assetId: z.string(), mime: z.string(), bytes: z.number() }, { error: "Reference image must be an uploaded image" });

const memberSchema = z.object({
  model: z.enum(COMPARISON_MODELS, { error: `Model must be one of ${COMPARISON_MODELS.join(", ")}` }),
  /** The model's own settings, as its page sends them; the prompt, images and variations come from the comparison. */
  settings: z.record(z.string(), z.unknown(), { error: "Settings must be an object" }).default({}),
});

const membersRule = `Pick ${COMPARISON_MEMBERS.min} to ${COMPARISON_MEMBERS.max} different models`;

/** One member, started as that model's single image (no variations: each model shows one result). */
export type ComparisonMemberForm =
  | { model: "alpha-v3"; form: AlphaV3FormValues }
  | { model: "alpha-v3.5"; form: AlphaV35TurnFormValues }
  | { model: "beta-pro" | "beta-lite"; form: BetaFormValues };

type Shared = { prompt: string; images: z.infer<typeof referenceImageSchema>[] };

function memberForm(model: ComparisonModel, settings: Record<string, unknown>, { prompt, images }: Shared) {
  if (model === "alpha-v3") return { schema: alphaV3FormSchema, input: { ...settings, prompt, images, variations: 1 } };
  if (model === "alpha-v3.5") return { schema: alphaV35TurnFormSchema, input: { ...settings, text: prompt, images } };
  const betaModel = BETA_MODEL_OF[model];
  return { schema: betaFormSchema, input: { size: { method: "tier", tier: defaultBetaTier(betaModel, false) }, ...settings, model: betaModel, prompt, images, variations: 1 } };
}

export const comparisonFormSchema = z
  .object({
    // Checked here once; each model's own schema adds its length limit and character rules.
    prompt: z.string({ error: "Prompt must be text" }).refine((prompt) => prompt.trim().length > 0, "Prompt must not be empty"),
    images: z.array(referenceImageSchema, { error: "Reference images must be a list" }).default([]),
    members: z.array(memberSchema, { error: "Members must be a list" }).min(COMPARISON_MEMBERS.min, membersRule).max(COMPARISON_MEMBERS.max, membersRule),
  })
  .transform((values, ctx): { prompt: string; members: ComparisonMemberForm[] } => {
    const seen = new Set<ComparisonModel>();
    const members: ComparisonMemberForm[] = [];
    values.members.forEach(({ model, settings }, index) => {
      if (seen.has(model)) ctx.addIssue({ code: "custom", path: ["members", index, "model"], message: `${COMPARISON_MODEL_LABELS[model]} is already in this comparison; ${membersRule}` });
      seen.add(model);
      const { schema, input } = memberForm(model, settings, values);
      const parsed = schema.safeParse(input);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          // The shared fields are the comparison's own; everything else is this member's setting.
          const [first, ...rest] = issue.path;
          const path = first === "prompt" || first === "text" ? ["prompt"] : first === "images" ? ["images", ...rest] : ["members", index, "settings", ...issue.path];
          ctx.addIssue({ code: "custom", path, message: `${COMPARISON_MODEL_LABELS[model]}: ${issue.message}` });
        }
        return;
      }
      members.push({ model, form: parsed.data } as ComparisonMemberForm);
    });
    return { prompt: values.prompt.trim(), members };
  });
export type ComparisonFormInput = z.input<typeof comparisonFormSchema>;
export type ComparisonFormValues = z.output<typeof comparisonFormSchema>;

/** POST /api/comparisons/[id]/keep: the member kept as the gallery entry, and what becomes of the others. */
export const keepComparisonMemberSchema = z.object({
  jobId: z.string({ error: "Job id must be text" }).min(1, "Job id is required"),
  others: z.enum(["keep", "discard"], { error: "Others must be keep or discard" }),
});
