import { Fragment } from "react";
import { Card } from "@/components/ui/card";
import { formatMetric, formatMoney } from "@/lib/budgets/budget-labels";
import type { BudgetStatusDto, SpendSummaryDto } from "@/lib/budgets/budget-schemas";
import { BudgetLine } from "./budget-line";

/** What a person or a team spent this month, and what is left of each budget that binds them. */
export function SpendCard({ title, spend, budgets }: { title: string; spend: SpendSummaryDto; budgets: BudgetStatusDto[] }) {
  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-sm font-semibold">{title}</h2>
      {/* A narrow card breaks the line between figures, never inside one ("0 / video seconds"). */}
      <p className="text-sm" aria-label="Spent this month">
        This month:{" "}
        {[
          formatMoney(spend.amountMicros, spend.currency),
          formatMetric("tokens", spend.tokens, spend.currency),
          formatMetric("images", spend.images, spend.currency),
          formatMetric("video_seconds", spend.videoSeconds, spend.currency),
        ].map((figure, index) => (
          <Fragment key={index}>
            {index > 0 ? " · " : null}
            <span className="whitespace-nowrap">{figure}</span>
          </Fragment>
        ))}
      </p>
      {budgets.length === 0 ? (
        <p className="text-xs text-muted">No budget limits this.</p>
      ) : (
        <ul className="space-y-1" aria-label="Budgets left">
          {budgets.map((budget) => (
            <BudgetLine key={budget.id} budget={budget} />
          ))}
        </ul>
      )}
    </Card>
  );
}
