"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { moduleForSubmit } from "@/components/forms/lazy-module";
import { Button } from "@/components/ui/button";
import { selectClassWith } from "@/components/ui/field";
import { MutationError } from "@/components/ui/mutation-error";
import { budgetSchemas } from "./budget-schemas-module";
import type { CurrencyOption } from "@/lib/budgets/currency-options";
import { api } from "@/lib/client/api";

/** The studio's currency, which an admin may change until money has been charged in it, to one of `options` (the server's list). */
export function CurrencyForm({ currency, fixed, options }: { currency: string; fixed: boolean; options: CurrencyOption[] }) {
  const router = useRouter();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: { currency: string }) => api<{ currency: string }>("/api/admin/currency", { method: "PUT", json: values }),
    // Every price, budget and figure on the page is labelled with it.
    onSuccess: () => router.refresh(),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    const schemas = moduleForSubmit(budgetSchemas, event);
    if (schemas === undefined) return;
    event.preventDefault();
    const values = { currency: String(new FormData(event.currentTarget).get("currency") ?? "") };
    // Unchecked (the schemas could not be loaded): the server's own check names any problem.
    const parsed = schemas === "unchecked" ? { success: true as const, data: values } : schemas.currencySchema.safeParse(values);
    if (!parsed.success) {
      setProblem(`currency: ${parsed.error.issues[0]?.message ?? "is not valid"}`);
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} onFocus={budgetSchemas.preload} aria-label="Currency" className="space-y-1">
      <div className="flex flex-wrap items-end gap-2 text-sm">
        <div className="w-72 space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
            Currency
          </label>
          <select id={id} name="currency" defaultValue={currency} disabled={fixed} aria-describedby={`${id}-hint`} className={selectClassWith()}>
            {options.map(({ code, name }) => (
              <option key={code} value={code}>
                {code}: {name}
              </option>
            ))}
          </select>
        </div>
        {fixed ? null : (
          <Button type="submit" disabled={save.isPending}>
            Save currency
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {fixed
          ? `Money has been charged in ${currency}, so it stays: the ledger's amounts are in it.`
          : "Prices and money budgets keep their numbers in the new currency. It can change until money is first charged."}
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      <MutationError mutation={save} title="The currency was not saved" />
    </form>
  );
}
