"use client";

import { useState } from "react";
import { Card } from "@/components/ui/card";
import { formatMoney } from "@/lib/budgets/budget-labels";
import type { UsageReportDto } from "@/lib/usage/usage-dto";
import { USAGE_COUNTING_NOTE, USAGE_METRIC_LABELS, USAGE_MONEY_LABEL, type UsageMetric } from "@/lib/usage/usage-labels";
import { UsageChart } from "./usage-chart";
import { formatCount } from "./usage-format";
import { UsageMetricToggle } from "./usage-metric-toggle";
import { UsageTable } from "./usage-table";

// Usage on the account page: the user's own last 30 days, read on the server (grouped by model).
export function AccountUsageCard({ report }: { report: UsageReportDto }) {
  const [metric, setMetric] = useState<UsageMetric>("tokens");
  return (
    <Card className="overflow-hidden" data-testid="account-usage">
      <div className="space-y-4 p-5">
        <div>
          <h2 className="text-sm font-semibold">Your usage</h2>
          <p className="mt-1 text-xs text-muted">
            {report.from} to {report.to} (UTC). {USAGE_COUNTING_NOTE}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(Object.keys(USAGE_METRIC_LABELS) as UsageMetric[]).map((key) => (
            <div key={key} className="rounded-lg bg-zinc-50 p-3 dark:bg-zinc-800/60">
              <dt className="text-xs text-muted">{USAGE_METRIC_LABELS[key]}</dt>
              <dd className="mt-0.5 text-lg font-semibold tabular-nums">{formatCount(report.totals[key])}</dd>
            </div>
          ))}
          <div className="rounded-lg bg-zinc-50 p-3 dark:bg-zinc-800/60">
            <dt className="text-xs text-muted">{USAGE_MONEY_LABEL}</dt>
            <dd className="mt-0.5 text-lg font-semibold tabular-nums">{formatMoney(report.totals.amountMicros, report.currency)}</dd>
          </div>
        </dl>
        <div className="flex justify-end">
          <UsageMetricToggle value={metric} onChange={setMetric} />
        </div>
        <UsageChart days={report.days} models={report.models} metric={metric} height={180} />
      </div>
      <div className="border-t border-zinc-200 dark:border-zinc-800">
        <UsageTable heading="Model" groups={report.groups} totals={report.totals} currency={report.currency} />
      </div>
    </Card>
  );
}
