"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { moduleForSubmit } from "@/components/forms/lazy-module";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { inputClass } from "@/components/ui/field";
import { MutationError } from "@/components/ui/mutation-error";
import type { ModelPriceDto, ModelPriceValues } from "@/lib/budgets/budget-schemas";
import { api } from "@/lib/client/api";
import { CurrencyForm } from "./currency-form";
import { budgetSchemas } from "./budget-schemas-module";

const PRICE_FIELDS = [
  ["per1kTokens", "per 1,000 tokens"],
  ["perImage", "per image"],
  ["perVideoSecond", "per video second"],
] as const;

/** Every model's prices, in the studio's currency; each row is saved on its own. */
export function PricesCard({ initialPrices, currency, currencyFixed }: { initialPrices: ModelPriceDto[]; currency: string; currencyFixed: boolean }) {
  const [prices, setPrices] = useState(initialPrices);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: ModelPriceValues) => api<{ price: ModelPriceDto }>("/api/admin/prices", { method: "PUT", json: values }),
    onSuccess: ({ price }) => setPrices((current) => current.map((row) => (row.model === price.model ? price : row))),
  });

  function submit(model: string, event: FormEvent<HTMLFormElement>) {
    const schemas = moduleForSubmit(budgetSchemas, event);
    if (schemas === undefined) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { model, ...Object.fromEntries(PRICE_FIELDS.map(([field]) => [field, Number(form.get(field))])) };
    // Unchecked (the schemas could not be loaded): the server's own check names any problem.
    const parsed = schemas === "unchecked" ? { success: true as const, data: values as ModelPriceValues } : schemas.modelPriceSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue ? `${issue.path.join(".")}: ${issue.message}` : "These prices are not valid");
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  }

  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-sm font-semibold">Prices ({currency})</h2>
      <p className="text-xs text-muted">What each model&apos;s work costs. Jobs are reckoned at the prices they started with; a model left at 0 costs nothing.</p>
      <CurrencyForm currency={currency} fixed={currencyFixed} />
      {/* A named region: on a phone the rows of inputs scroll sideways within it. */}
      <div className="relative overflow-x-auto" role="region" aria-label={`Prices per model, in ${currency}`}>
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Prices per model, in {currency}</caption>
          <thead>
            <tr className="border-b border-zinc-200 text-left dark:border-zinc-800 text-xs text-muted">
              <th scope="col" className="py-2 pr-3 font-medium">
                Model
              </th>
              {PRICE_FIELDS.map(([field, label]) => (
                <th key={field} scope="col" className="px-2 py-2 font-medium">
                  {label}
                </th>
              ))}
              <th scope="col" className="py-2 pl-2">
                <span className="sr-only">Save</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {prices.map((price) => {
              const formId = `prices-${price.model}`;
              return (
                <tr key={price.model} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {price.label}
                  </th>
                  {PRICE_FIELDS.map(([field, label]) => (
                    <td key={field} className="px-2 py-2">
                      <input form={formId} name={field} aria-label={`${price.label} ${label}`} defaultValue={price[field]} inputMode="decimal" className={`${inputClass} w-28 py-1 tabular-nums`} />
                    </td>
                  ))}
                  <td className="py-2 pl-2 text-right">
                    {/* The row's inputs join this form through their form attribute: a form cannot wrap a table row. */}
                    <form id={formId} onSubmit={(event) => submit(price.model, event)} onFocus={budgetSchemas.preload} aria-label={`Prices of ${price.label}`}>
                      <Button size="sm" type="submit" disabled={save.isPending && save.variables?.model === price.model}>
                        Save
                      </Button>
                    </form>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      <MutationError mutation={save} title="The prices were not saved" />
    </Card>
  );
}
