// Personal access tokens: the schema of a new token, with the rules of token-rules.ts. Browser-safe.
import { z } from "zod";
import { safeText } from "@/lib/validation/text";
import { TOKEN_MAX_DAYS, TOKEN_NAME_MAX, TOKEN_SCOPES } from "./token-rules";

/** POST /api/me/tokens. `expiresInDays: null` is no expiry, allowed only when an admin allows it. */
export const createTokenSchema = z.strictObject(
  {
    name: safeText("Name").trim().min(1, "Name is required").max(TOKEN_NAME_MAX, `Name must be at most ${TOKEN_NAME_MAX} characters`),
    scopes: z
      .array(z.enum(TOKEN_SCOPES, { error: `Each scope must be one of ${TOKEN_SCOPES.join(", ")}` }), { error: "Scopes must be a list" })
      .min(1, "Pick at least one scope")
      .refine((scopes) => new Set(scopes).size === scopes.length, "Each scope may be named once"),
    expiresInDays: z
      .number({ error: "Expires in days must be a number of days, or null for no expiry" })
      .int("Expires in days must be a whole number")
      .min(1, "Expires in days must be at least 1")
      .max(TOKEN_MAX_DAYS, `Expires in days must be at most ${TOKEN_MAX_DAYS}`)
      .nullable(),
  },
  { error: "The body must be { name, scopes, expiresInDays } and nothing else" },
);
export type CreateTokenValues = z.output<typeof createTokenSchema>;
