import { z } from "zod";
import { safeText } from "@/lib/validation/text";
import { INVITE_DEFAULT_DAYS, INVITE_MAX_DAYS, INVITE_NOTE_MAX_CHARS } from "./invite-rules";

// Shared by the forms and the server, so the browser shows the same rule the server enforces.
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Email must be a valid address like name@example.com"));

/** The rule for every password a user chooses (sign-up and password change). */
export const newPasswordSchema = safeText("Password")
  .min(10, "Password must be at least 10 characters")
  .max(200, "Password must be at most 200 characters");

export const signUpSchema = z.object({
  name: safeText("Name").trim().min(1, "Name is required").max(80, "Name must be at most 80 characters"),
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** An invite token as it appears in /sign-up?invite=…: 32 random bytes, base64url. */
export const inviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Invite must be the code from an invite link");

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Password is required"),
});

export const changePasswordSchema = z.strictObject({
  currentPassword: safeText("Current password").min(1, "Current password is required"),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const createInviteSchema = z.strictObject({
  note: safeText("Note")
    .trim()
    .max(INVITE_NOTE_MAX_CHARS, `Note must be at most ${INVITE_NOTE_MAX_CHARS} characters`)
    .optional()
    .transform((note) => note || undefined),
  expiresInDays: z
    .number({ error: "Expires in days must be a number" })
    .int("Expires in days must be a whole number")
    .min(1, "Expires in days must be at least 1")
    .max(INVITE_MAX_DAYS, `Expires in days must be at most ${INVITE_MAX_DAYS}`)
    .default(INVITE_DEFAULT_DAYS),
});
export type CreateInviteValues = z.output<typeof createInviteSchema>;

/** PATCH /api/admin/settings: the settings to change, at least one. */
export const siteSettingsSchema = z
  .strictObject({
    openSignUp: z.boolean({ error: "Open sign-up must be true or false" }).optional(),
    publicShareLinks: z.boolean({ error: "Public share links must be true or false" }).optional(),
    teamInvitesCreateAccounts: z.boolean({ error: "Team invites create accounts must be true or false" }).optional(),
    accessTokens: z.boolean({ error: "Personal access tokens must be true or false" }).optional(),
    accessTokensWithoutExpiry: z.boolean({ error: "Tokens without expiry must be true or false" }).optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: "Name at least one setting: openSignUp, publicShareLinks, teamInvitesCreateAccounts, accessTokens or accessTokensWithoutExpiry",
  });

export const userStatusSchema = z.strictObject({
  disabled: z.boolean({ error: "Disabled must be true or false" }),
});
