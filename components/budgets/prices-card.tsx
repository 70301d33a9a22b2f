"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { inputClass } from "@/components/ui/field";
import { MutationError } from "@/components/ui/mutation-error";
import { modelPriceSchema, type ModelPriceDto, type ModelPriceValues } from "@/lib/budgets/budget-schemas";
import { api } from "@/lib/client/api";

const PRICE_FIELDS = [
  ["per1kTokens", "per 1,000 tokens"],
  ["perImage", "per image"],
  ["perVideoSecond", "per video second"],
] as const;

/** Every model's prices, in the studio's currency; each row is saved on its own. */
export function PricesCard({ initialPrices, currency }: { initialPrices: ModelPriceDto[]; currency: string }) {
  const [prices, setPrices] = useState(initialPrices);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: ModelPriceValues) => api<{ price: ModelPriceDto }>("/api/admin/prices", { method: "PUT", json: values }),
    onSuccess: ({ price }) => setPrices((current) => current.map((row) => (row.model === price.model ? price : row))),
  });

  function submit(model: string, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = modelPriceSchema.safeParse({ model, ...Object.fromEntries(PRICE_FIELDS.map(([field]) => [field, Number(form.get(field))])) });
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
      <div className="space-y-2">
        {prices.map((price) => (
          <form key={price.model} onSubmit={(event) => submit(price.model, event)} aria-label={`Prices of ${price.label}`} className="flex flex-wrap items-end gap-2 text-sm">
            <span className="w-40 font-medium">{price.label}</span>
            {PRICE_FIELDS.map(([field, label]) => (
              <label key={field} className="space-y-1 text-xs text-muted">
                <span className="block">{label}</span>
                <input name={field} aria-label={`${price.label} ${label}`} defaultValue={price[field]} inputMode="decimal" className={`${inputClass} w-28 py-1`} />
              </label>
            ))}
            <Button size="sm" type="submit" disabled={save.isPending && save.variables?.model === price.model}>
              Save
            </Button>
          </form>
        ))}
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
