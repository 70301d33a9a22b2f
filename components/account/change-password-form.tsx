"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { lazyModule, moduleForSubmit } from "@/components/forms/lazy-module";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { ChangePasswordInput } from "@/lib/auth/schemas";
import { api, isApiError } from "@/lib/client/api";

const FIELDS = ["currentPassword", "newPassword"] as const;

const authSchemas = lazyModule(() => import("@/lib/auth/schemas"));

export function ChangePasswordForm() {
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (values: ChangePasswordInput) => api<{ endedSessions: number }>("/api/me/password", { method: "POST", json: values }),
  });

  // The server's refusal names its field (wrong current password, too many attempts); anything
  // else is shown above the button.
  const serverFields: Record<string, string> = {};
  if (isApiError(change.error)) for (const problem of change.error.error.fields ?? []) serverFields[problem.field] ??= problem.message;
  const errors = { ...serverFields, ...clientErrors };
  const generalError = change.error && !FIELDS.some((field) => serverFields[field]) ? change.error.message : undefined;

  // A password input: its name, its problem, and the problem cleared once it is edited.
  const passwordField = (name: (typeof FIELDS)[number]) => ({
    name,
    type: "password",
    error: errors[name],
    onChange: () => setClientErrors((current) => ({ ...current, [name]: "" })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    const schemas = moduleForSubmit(authSchemas, event);
    if (schemas === undefined) return;
    event.preventDefault();
    const formElement = event.currentTarget;
    const data = new FormData(formElement);
    if (schemas === "unchecked") {
      setClientErrors({});
      change.mutate({ currentPassword: String(data.get("currentPassword") ?? ""), newPassword: String(data.get("newPassword") ?? "") }, { onSuccess: () => formElement.reset() });
      return;
    }
    const parsed = schemas.changePasswordSchema.safeParse(Object.fromEntries(data));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setClientErrors(found);
      return;
    }
    setClientErrors({});
    change.mutate(parsed.data, { onSuccess: () => formElement.reset() });
  }

  return (
    <form onSubmit={submit} onFocus={authSchemas.preload} noValidate className="space-y-4">
      <Field label="Current password" autoComplete="current-password" {...passwordField("currentPassword")} />
      <Field label="New password" autoComplete="new-password" hint="At least 10 characters." {...passwordField("newPassword")} />
      {generalError ? <Alert title="The password was not changed">{generalError}</Alert> : null}
      {change.isSuccess ? (
        <Alert tone="info" title="Password changed">
          {change.data.endedSessions === 0
            ? "No other session was signed in."
            : `Signed out ${change.data.endedSessions === 1 ? "1 other session" : `${change.data.endedSessions} other sessions`}.`}
        </Alert>
      ) : null}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
