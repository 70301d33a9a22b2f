"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth, signIn, signOut } from "@/lib/auth/auth";
import { ACCOUNT_DISABLED, INVALID_CREDENTIALS, tooManySignInAttempts } from "@/lib/auth/messages";
import { studioOrigin } from "@/lib/auth/origin";
import { safeNextPath } from "@/lib/auth/safe-next";
import { signInSchema, signUpSchema } from "@/lib/auth/schemas";
import { endSession } from "@/lib/auth/sessions";
import { ACCOUNT_DISABLED_CODE, isAuthJsError, isSignInThrottled } from "@/lib/auth/sign-in-errors";
import { signUp } from "@/lib/auth/sign-up";
import type { AuthFormState } from "@/lib/auth/types";
import { fieldProblems, isAppError } from "@/lib/errors";
import { clientAddress } from "@/lib/security/client-ip";

// Next hands an action whatever body the POST carried; only a form post is a sign-in or sign-up.
const UNREADABLE_FORM: AuthFormState = { message: "The form could not be read. Reload the page and try again." };

function firstProblemPerField(problems: { field: string; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.field] ??= problem.message;
  return fields;
}

export async function signInAction(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  if (!(form instanceof FormData)) return UNREADABLE_FORM;
  const values = { email: String(form.get("email") ?? "") };
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return { fields: firstProblemPerField(fieldProblems(parsed.error)), values };
  const redirectTo = safeNextPath(form.get("next"), studioOrigin(await headers()));
  try {
    await signIn("credentials", { ...parsed.data, redirectTo });
  } catch (error) {
    // next-auth rethrows the error authorize() threw (lib/auth/auth.ts), so the wait time is on it.
    if (isSignInThrottled(error)) return { message: tooManySignInAttempts(error.retryAfterSeconds), values };
    if (isAuthJsError(error)) return { message: error.code === ACCOUNT_DISABLED_CODE ? ACCOUNT_DISABLED : INVALID_CREDENTIALS, values };
    throw error;
  }
  return {};
}

export async function signUpAction(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  if (!(form instanceof FormData)) return UNREADABLE_FORM;
  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  const parsed = signUpSchema.safeParse({ name: form.get("name"), email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return { fields: firstProblemPerField(fieldProblems(parsed.error)), values };
  const invite = form.get("invite");
  try {
    await signUp(parsed.data, typeof invite === "string" && invite ? invite : undefined, clientAddress(await headers()));
  } catch (error) {
    if (isAppError(error)) return { message: error.message, fields: firstProblemPerField(error.fields), values };
    throw error;
  }
  try {
    await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: "/" });
  } catch (error) {
    // The account exists; only the automatic sign-in was refused (the address hit its limit).
    if (isAuthJsError(error)) redirect("/sign-in");
    throw error;
  }
  return {};
}

export async function signOutAction() {
  // Revoked here, before the cookie is cleared, so a failure to end the session is an error the user
  // sees rather than a sign-out that only looks done; next-auth's signOut event revokes it again
  // (no-op here) for a direct POST to /api/auth/signout.
  const session = await auth();
  if (session?.sessionId) await endSession(session.sessionId);
  await signOut({ redirectTo: "/sign-in" });
}
