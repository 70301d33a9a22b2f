// Rules every piece of user text obeys, in the browser and on the server alike. PostgreSQL cannot
// store U+0000 in text, and a lone UTF-16 surrogate is not a character at all (it becomes an encoding
// error on its way to the database or the upstream), so both are refused up front, naming the field.
import { z } from "zod";
import "./zod-config";

/** Why `text` cannot be stored, or undefined when it can. */
export function textProblem(text: string): string | undefined {
  if (text.includes("\u0000")) return "must not contain NUL characters (U+0000)";
  if (!text.isWellFormed()) return "must not contain lone surrogates (broken Unicode)";
  return undefined;
}

/** A refinement for any zod string: refuses NUL characters and lone surrogates, naming `label`. */
export function storableText(label: string) {
  return (text: string, context: z.RefinementCtx) => {
    const problem = textProblem(text);
    if (problem) context.addIssue({ code: "custom", message: `${label} ${problem}` });
  };
}

/** A zod string that only accepts storable text; `label` names it in messages. */
export function safeText(label: string, typeError = `${label} must be text`) {
  return z.string({ error: typeError }).superRefine(storableText(label));
}
