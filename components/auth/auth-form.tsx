"use client";

import { useActionState, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { lazyModule, moduleForSubmit } from "@/components/forms/lazy-module";
import { Field } from "@/components/ui/field";
import type { AuthFormState } from "@/lib/auth/types";

const authSchemas = lazyModule(() => import("@/lib/auth/schemas"));

type FieldSpec = { name: string; label: string; type: string; autoComplete: string; hint?: string };

type AuthFormProps = {
  mode: "sign-in" | "sign-up";
  action: (state: AuthFormState, form: FormData) => Promise<AuthFormState>;
  fields: FieldSpec[];
  /** Sent along unchanged: where to go after sign-in, the invite being used. */
  hidden?: Record<string, string | undefined>;
  footer?: ReactNode;
};

// The same zod schema as the server checks the form before it is sent, so a mistake is named at
// once; the server checks again and its answer is shown the same way.
export function AuthForm({ mode, action, fields, hidden = {}, footer }: AuthFormProps) {
  const [state, formAction, pending] = useActionState(action, {});
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...state.fields, ...clientErrors };

  function validate(event: FormEvent<HTMLFormElement>) {
    const schemas = moduleForSubmit(authSchemas, event);
    if (schemas === undefined) return;
    if (schemas === "unchecked") {
      setClientErrors({});
      return;
    }
    const data = Object.fromEntries(new FormData(event.currentTarget));
    const result = (mode === "sign-in" ? schemas.signInSchema : schemas.signUpSchema).safeParse(data);
    if (result.success) {
      setClientErrors({});
      return;
    }
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const issue of result.error.issues) found[String(issue.path[0])] ??= issue.message;
    setClientErrors(found);
  }

  return (
    <form action={formAction} onSubmit={validate} onFocus={authSchemas.preload} noValidate className="space-y-4">
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {fields.map((field) => (
        <Field
          key={field.name}
          name={field.name}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          defaultValue={field.type === "password" ? undefined : state.values?.[field.name]}
          error={errors[field.name]}
          hint={field.hint}
          onChange={() => setClientErrors((current) => ({ ...current, [field.name]: "" }))}
        />
      ))}
      {state.message ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {state.message}
        </p>
      ) : null}
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Please wait…" : mode === "sign-in" ? "Sign in" : "Create account"}
      </Button>
      {footer ? <p className="text-center text-sm text-muted">{footer}</p> : null}
    </form>
  );
}
