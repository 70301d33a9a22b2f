"use server";

import { AuthError } from "next-auth";
import { signIn, signOut } from "@/lib/auth/auth";
import { createAccount } from "@/lib/auth/create-account";
import { signInSchema, signUpSchema } from "@/lib/auth/schemas";
import { AppError, fieldProblems } from "@/lib/errors";

export type AuthFormState = { message?: string; fields?: Record<string, string>; values?: Record<string, string> };

function firstProblemPerField(problems: { field: string; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.field] ??= problem.message;
  return fields;
}

export async function signInAction(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  const values = { email: String(form.get("email") ?? "") };
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return { fields: firstProblemPerField(fieldProblems(parsed.error)), values };
  try {
    await signIn("credentials", { ...parsed.data, redirectTo: safeNext(form.get("next")) });
  } catch (error) {
    if (error instanceof AuthError) return { message: "The email or password is not right.", values };
    throw error;
  }
  return {};
}

export async function signUpAction(_state: AuthFormState, form: FormData): Promise<AuthFormState> {
  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  const parsed = signUpSchema.safeParse({ name: form.get("name"), email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return { fields: firstProblemPerField(fieldProblems(parsed.error)), values };
  try {
    await createAccount(parsed.data);
  } catch (error) {
    if (error instanceof AppError) return { message: error.message, fields: firstProblemPerField(error.fields), values };
    throw error;
  }
  await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: "/" });
  return {};
}

export async function signOutAction() {
  await signOut({ redirectTo: "/sign-in" });
}

// Only same-site paths, so a crafted link cannot send a user elsewhere after sign-in.
function safeNext(value: FormDataEntryValue | null): string {
  const next = typeof value === "string" ? value : "";
  return next.startsWith("/") && !next.startsWith("//") ? next : "/";
}
