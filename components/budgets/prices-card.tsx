"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { moduleForSubmit } from "@/components/forms/lazy-module";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataCell, DataTable, type DataColumn } from "@/components/ui/data-table";
import { inputClassWith } from "@/components/ui/field";
import { MutationError } from "@/components/ui/mutation-error";
import type { ModelPriceDto, ModelPriceValues } from "@/lib/budgets/budget-schemas";
import type { CurrencyOption } from "@/lib/budgets/currency-options";
import { api } from "@/lib/client/api";
import { CurrencyForm } from "./currency-form";
import { budgetSchemas } from "./budget-schemas-module";

const PRICE_FIELDS = ["per1kTokens", "perImage", "perVideoSecond"] as const;

const priceCell = "px-2 py-2";
const PROBLEM_ID = "prices-problem";

const PRICE_COLUMNS = {
  model: { label: "Model", lead: true, className: "py-2 pr-3 pl-5" },
  per1kTokens: { label: "per 1,000 tokens", className: priceCell },
  perImage: { label: "per image", className: priceCell },
  perVideoSecond: { label: "per video second", className: priceCell },
  save: { label: "Save", hidden: true, className: "py-2 pr-5 pl-2" },
} satisfies Record<"model" | "save" | (typeof PRICE_FIELDS)[number], DataColumn>;

/** Every model's prices, in the studio's currency; each row is saved on its own. */
export function PricesCard({ initialPrices, currency, currencyFixed, currencies }: { initialPrices: ModelPriceDto[]; currency: string; currencyFixed: boolean; currencies: CurrencyOption[] }) {
  const [prices, setPrices] = useState(initialPrices);
  const [problem, setProblem] = useState<{ model: string; field?: string; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (values: ModelPriceValues) => api<{ price: ModelPriceDto }>("/api/admin/prices", { method: "PUT", json: values }),
    onSuccess: ({ price }) => setPrices((current) => current.map((row) => (row.model === price.model ? price : row))),
  });

  function submit(model: string, event: FormEvent<HTMLFormElement>) {
    const schemas = moduleForSubmit(budgetSchemas, event);
    if (schemas === undefined) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // An emptied field is no price at all, not 0: the check refuses it as not a number.
    const amount = (field: string) => {
      const text = String(form.get(field) ?? "").trim();
      return text === "" ? Number.NaN : Number(text);
    };
    const values = { model, ...Object.fromEntries(PRICE_FIELDS.map((field) => [field, amount(field)])) };
    // Unchecked (the schemas could not be loaded): the server's own check names any problem.
    const parsed = schemas === "unchecked" ? { success: true as const, data: values as ModelPriceValues } : schemas.modelPriceSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = PRICE_FIELDS.find((name) => name === issue?.path[0]);
      const label = prices.find((row) => row.model === model)?.label ?? model;
      setProblem({ model, field, text: issue ? `${label} ${field ? PRICE_COLUMNS[field].label : issue.path.join(".")}: ${issue.message}` : `The prices of ${label} are not valid` });
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  }

  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-sm font-semibold">Prices ({currency})</h2>
      <p className="text-xs text-muted">What each model&apos;s work costs. Jobs are reckoned at the prices they started with; a model left at 0 costs nothing.</p>
      <CurrencyForm currency={currency} fixed={currencyFixed} options={currencies} />
      {/* On a phone a model's prices are a card of their own; between a phone and a wide screen the
          rows of inputs may scroll sideways in their named frame. */}
      <DataTable columns={Object.values(PRICE_COLUMNS)} label={`Prices per model, in ${currency}`} regionLabel={`Prices per model, in ${currency}`} frameClassName="-mx-5">
        {prices.map((price) => {
          const formId = `prices-${price.model}`;
          return (
            <tr key={price.model}>
              <DataCell column={PRICE_COLUMNS.model} className={`${PRICE_COLUMNS.model.className} font-medium`}>
                {price.label}
              </DataCell>
              {PRICE_FIELDS.map((field) => {
                const refused = problem?.model === price.model && problem.field === field;
                return (
                  <DataCell key={field} column={PRICE_COLUMNS[field]} className={priceCell}>
                    <input
                      form={formId}
                      name={field}
                      aria-label={`${price.label} ${PRICE_COLUMNS[field].label}`}
                      defaultValue={price[field]}
                      inputMode="decimal"
                      aria-invalid={refused || undefined}
                      aria-describedby={refused ? PROBLEM_ID : undefined}
                      className={inputClassWith("w-28 py-1 tabular-nums max-sm:w-full")}
                    />
                  </DataCell>
                );
              })}
              <DataCell column={PRICE_COLUMNS.save} className={`${PRICE_COLUMNS.save.className} text-right`}>
                {/* The row's inputs join this form through their form attribute: a form cannot wrap a table row. */}
                <form id={formId} onSubmit={(event) => submit(price.model, event)} onFocus={budgetSchemas.preload} aria-label={`Prices of ${price.label}`}>
                  <Button size="sm" type="submit" disabled={save.isPending && save.variables?.model === price.model}>
                    Save
                  </Button>
                </form>
              </DataCell>
            </tr>
          );
        })}
      </DataTable>
      {problem ? (
        <p role="alert" id={PROBLEM_ID} className="text-sm text-red-600 dark:text-red-400">
          {problem.text}
        </p>
      ) : null}
      <MutationError mutation={save} title="The prices were not saved" />
    </Card>
  );
}
