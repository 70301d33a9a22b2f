// The composer's check with the shared schema (lib/images/alpha-schemas): zod weighs more than the
// chat page's own code, so this module is loaded when the composer is first focused
// (./turn-checks-module), not with the page.
import { alphaV35TurnFormSchema, type AlphaV35TurnFormValues } from "@/lib/images/alpha-schemas";
import type { DraftField, TurnDraftInput } from "./turn-settings";

/** The schema's verdict: the values to send, or the first message per field for the inputs to show. */
export function checkDraft(input: TurnDraftInput): { values?: AlphaV35TurnFormValues; problems: Partial<Record<DraftField, string>> } {
  const result = alphaV35TurnFormSchema.safeParse(input);
  if (result.success) return { values: result.data, problems: {} };
  const problems: Partial<Record<DraftField, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "text") as DraftField;
    problems[field] ??= issue.message;
  }
  return { problems };
}
