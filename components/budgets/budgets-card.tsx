"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { moduleForSubmit } from "@/components/forms/lazy-module";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { inputClassWith, selectClassWith } from "@/components/ui/field";
import { MutationError } from "@/components/ui/mutation-error";
import { BUDGET_METRIC_LABELS, BUDGET_METRICS, BUDGET_PERIOD_LABELS, BUDGET_PERIODS, BUDGET_SCOPE_LABELS, BUDGET_SCOPES, DEFAULT_ALERT_PERCENT, type BudgetScope } from "@/lib/budgets/budget-labels";
import type { BudgetStatusDto, BudgetValues } from "@/lib/budgets/budget-schemas";
import { api } from "@/lib/client/api";
import { budgetStandText } from "./budget-line";
import { budgetSchemas } from "./budget-schemas-module";

type Named = { id: string; name: string };

/** Every budget with where it stands, a way to remove one, and a form that sets one (replacing the same target's and metric's). */
export function BudgetsCard({ budgets, teams, people, currency }: { budgets: BudgetStatusDto[]; teams: Named[]; people: Named[]; currency: string }) {
  const router = useRouter();
  const [scope, setScope] = useState<BudgetScope>("team");
  const [problem, setProblem] = useState<string | null>(null);
  const set = useMutation({
    mutationFn: (values: BudgetValues) => api<{ budget: { id: string } }>("/api/admin/budgets", { method: "POST", json: values }),
    onSuccess: () => router.refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<void>(`/api/admin/budgets/${id}`, { method: "DELETE" }),
    onSuccess: () => router.refresh(),
  });
  const needsTeam = scope === "team" || scope === "team_member";
  const needsPerson = scope === "person" || scope === "team_member";

  function submit(event: FormEvent<HTMLFormElement>) {
    const schemas = moduleForSubmit(budgetSchemas, event);
    if (schemas === undefined) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      scope,
      teamId: needsTeam ? (form.get("teamId") as string | null) || null : null,
      userId: needsPerson ? (form.get("userId") as string | null) || null : null,
      metric: form.get("metric"),
      period: form.get("period"),
      limit: Number(form.get("limit")),
      alertPercent: Number(form.get("alertPercent")),
    };
    // Unchecked (the schemas could not be loaded): the server's own check names any problem.
    const parsed = schemas === "unchecked" ? { success: true as const, data: values as BudgetValues } : schemas.budgetSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue ? `${issue.path.join(".")}: ${issue.message}` : "This budget is not valid");
      return;
    }
    setProblem(null);
    set.mutate(parsed.data);
  }

  return (
    <Card className="space-y-4 p-5">
      <h2 className="text-sm font-semibold">Budgets</h2>
      <p className="text-xs text-muted">
        A start that does not fit in a budget that binds it is refused before anything is sent. None are set by default. Money is in {currency}.
      </p>
      {budgets.length === 0 ? (
        <p className="text-sm text-muted">No budgets: nothing limits spending.</p>
      ) : (
        <ul className="space-y-2" aria-label="Budgets">
          {budgets.map((budget) => (
            <li key={budget.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <span className="font-medium">{budget.name}</span> · {BUDGET_METRIC_LABELS[budget.metric]}: {budgetStandText(budget)}
                {budget.alerting ? <span className="ml-2 text-xs font-medium text-amber-700 dark:text-amber-400">past {budget.alertPercent}%</span> : null}
              </span>
              <Button size="sm" variant="ghost" aria-label={`Remove ${budget.name} (${BUDGET_METRIC_LABELS[budget.metric]})`} disabled={remove.isPending} onClick={() => remove.mutate(budget.id)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} onFocus={budgetSchemas.preload} aria-label="Set a budget" className="flex flex-wrap items-end gap-2 text-sm">
        <Select label="For" name="scope" value={scope} onChange={(value) => setScope(value as BudgetScope)} options={BUDGET_SCOPES.map((value) => [value, BUDGET_SCOPE_LABELS[value]])} />
        {needsTeam ? <Select label="Team" name="teamId" options={teams.map((team) => [team.id, team.name])} /> : null}
        {needsPerson ? <Select label="Person" name="userId" options={people.map((person) => [person.id, person.name])} /> : null}
        <Select label="Counts" name="metric" options={BUDGET_METRICS.map((value) => [value, BUDGET_METRIC_LABELS[value]])} />
        <Select label="Period" name="period" options={BUDGET_PERIODS.map((value) => [value, BUDGET_PERIOD_LABELS[value]])} />
        <label className="space-y-1 text-xs text-muted">
          <span className="block">Limit</span>
          <input name="limit" aria-label="Limit" inputMode="decimal" required className={inputClassWith("w-28 py-1")} />
        </label>
        <label className="space-y-1 text-xs text-muted">
          <span className="block">Alert at %</span>
          <input name="alertPercent" aria-label="Alert at percent" defaultValue={DEFAULT_ALERT_PERCENT} inputMode="numeric" className={inputClassWith("w-20 py-1")} />
        </label>
        <Button size="sm" type="submit" disabled={set.isPending}>
          Set budget
        </Button>
      </form>
      {problem ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      <MutationError mutation={set} title="The budget was not saved" />
      <MutationError mutation={remove} title="The budget was not removed" />
    </Card>
  );
}

function Select({ label, name, options, value, onChange }: { label: string; name: string; options: (readonly [string, string])[]; value?: string; onChange?: (value: string) => void }) {
  return (
    <label className="space-y-1 text-xs text-muted">
      <span className="block">{label}</span>
      <select
        name={name}
        aria-label={label}
        {...(value !== undefined ? { value, onChange: (event) => onChange?.(event.target.value) } : {})}
        className={selectClassWith("w-auto py-1")}
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}
