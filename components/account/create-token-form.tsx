"use client";

import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { lazyModule, moduleForSubmit } from "@/components/forms/lazy-module";
import { Button } from "@/components/ui/button";
import { Field, selectClassWith } from "@/components/ui/field";
import { MutationError } from "@/components/ui/mutation-error";
import { type AccessTokenDto, TOKEN_DEFAULT_DAYS, TOKEN_EXPIRY_CHOICES, TOKEN_MAX_DAYS, TOKEN_NAME_MAX, TOKEN_SCOPE_MEANINGS, TOKEN_SCOPES } from "@/lib/access-tokens/token-rules";
import type { CreateTokenValues } from "@/lib/access-tokens/token-schemas";
import { api, isApiError } from "@/lib/client/api";

const NO_EXPIRY = "never";

const tokenSchemas = lazyModule(() => import("@/lib/access-tokens/token-schemas"));

/** Name, expiry and scopes of a new token, checked with the server's own schema before it is sent. */
export function CreateTokenForm({ allowNoExpiry, onCreated }: { allowNoExpiry: boolean; onCreated: (token: AccessTokenDto & { secret: string }) => void }) {
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (values: CreateTokenValues) => api<{ token: AccessTokenDto & { secret: string } }>("/api/me/tokens", { method: "POST", json: values }),
  });

  const serverFields: Record<string, string> = {};
  if (isApiError(create.error)) for (const problem of create.error.error.fields ?? []) serverFields[problem.field.split(".")[0]] ??= problem.message;
  const errors = { ...serverFields, ...clientErrors };

  function submit(event: FormEvent<HTMLFormElement>) {
    const schemas = moduleForSubmit(tokenSchemas, event);
    if (schemas === undefined) return;
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const expiry = String(data.get("expiresInDays"));
    const values = {
      name: String(data.get("name") ?? ""),
      scopes: data.getAll("scopes").map(String),
      expiresInDays: expiry === NO_EXPIRY ? null : Number(expiry),
    };
    // Unchecked (the schemas could not be loaded): the server's own check names any problem.
    const parsed = schemas === "unchecked" ? { success: true as const, data: values as CreateTokenValues } : schemas.createTokenSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setClientErrors(found);
      return;
    }
    setClientErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ token }) => {
        form.reset();
        onCreated(token);
      },
    });
  }

  return (
    <form onSubmit={submit} onFocus={tokenSchemas.preload} noValidate className="space-y-4" aria-label="Make a token">
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <Field label="Name" name="name" id="token-name" maxLength={TOKEN_NAME_MAX} placeholder="Catalogue batch script" error={errors.name} autoComplete="off" />
        <div className="space-y-1.5">
          <label htmlFor="token-expiry" className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
            Expires after
          </label>
          <select id="token-expiry" name="expiresInDays" defaultValue={TOKEN_DEFAULT_DAYS} className={selectClassWith("w-auto")}>
            {TOKEN_EXPIRY_CHOICES.map((days) => (
              <option key={days} value={days}>
                {days === TOKEN_MAX_DAYS ? "1 year" : `${days} days`}
              </option>
            ))}
            {allowNoExpiry ? <option value={NO_EXPIRY}>Never</option> : null}
          </select>
          {errors.expiresInDays ? <p className="text-sm text-red-600 dark:text-red-400">{errors.expiresInDays}</p> : null}
        </div>
      </div>
      <fieldset aria-describedby={errors.scopes ? "token-scopes-message" : undefined}>
        <legend className="mb-2 text-sm font-medium text-zinc-700 dark:text-zinc-300">Scopes</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {TOKEN_SCOPES.map((scope) => (
            <label
              key={scope}
              className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-zinc-200 p-2.5 has-checked:border-accent-400 has-checked:bg-accent-50/60 dark:border-zinc-800 dark:has-checked:border-accent-500/50 dark:has-checked:bg-accent-500/10"
            >
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === "read"} className="mt-0.5 size-4 accent-accent-600" />
              <span className="min-w-0">
                <span className="block font-mono text-xs font-medium">{scope}</span>
                <span className="block text-xs text-muted">{TOKEN_SCOPE_MEANINGS[scope]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes ? (
          <p id="token-scopes-message" role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      {/* A refusal that names a field shows beside it; anything else here. */}
      {Object.keys(serverFields).length === 0 ? <MutationError mutation={create} title="The token was not made" /> : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Making…" : "Make token"}
      </Button>
    </form>
  );
}
