import type { ReactNode } from "react";
import { DataCell, DataTable, type DataColumn } from "@/components/ui/data-table";
import { formatMoney } from "@/lib/budgets/budget-labels";
import type { UsageGroupDto, UsageTotals } from "@/lib/usage/usage-dto";
import { USAGE_METRIC_LABELS, USAGE_MONEY_LABEL } from "@/lib/usage/usage-labels";
import { formatCount } from "./usage-format";

type Props = {
  /** The first column's heading: Day, User, Team or Model. */
  heading: string;
  groups: UsageGroupDto[];
  totals: UsageTotals;
  /** The currency every amount is in. */
  currency: string;
  /** Something to do with a line, shown at its end (the admin's "only this" filter). */
  action?: (group: UsageGroupDto) => ReactNode;
};

const cell = "px-5 py-2 text-right tabular-nums";

const USAGE_COLUMNS = {
  // Its heading is the grouping the table is shown by (`heading`).
  group: { label: "", lead: true },
  tokens: { label: USAGE_METRIC_LABELS.tokens, className: cell },
  images: { label: USAGE_METRIC_LABELS.images, className: cell },
  videoSeconds: { label: USAGE_METRIC_LABELS.videoSeconds, className: cell },
  cost: { label: USAGE_MONEY_LABEL, className: cell },
  actions: { label: "Actions", hidden: true },
} satisfies Record<string, DataColumn>;

// The usage of a range, a line per day, user, team or model, and their sum.
export function UsageTable({ heading, groups, totals, currency, action }: Props) {
  return (
    <DataTable
      testId="usage-table"
      columns={[{ ...USAGE_COLUMNS.group, label: heading }, USAGE_COLUMNS.tokens, USAGE_COLUMNS.images, USAGE_COLUMNS.videoSeconds, USAGE_COLUMNS.cost, ...(action ? [USAGE_COLUMNS.actions] : [])]}
      footer={
        <tr>
          <DataCell column={USAGE_COLUMNS.group} className="px-5 py-2">
            Total
          </DataCell>
          <UsageCells usage={totals} currency={currency} />
          {action ? <DataCell column={USAGE_COLUMNS.actions} /> : null}
        </tr>
      }
    >
      {groups.length === 0 ? (
        <tr>
          <DataCell column={USAGE_COLUMNS.group} colSpan={action ? 6 : 5} className="px-5 py-6 text-center text-muted">
            Nothing was used in this range.
          </DataCell>
        </tr>
      ) : (
        groups.map((group) => (
          <tr key={group.key}>
            <DataCell column={USAGE_COLUMNS.group} className="px-5 py-2">
              <span className="font-medium">{group.label}</span>
              {group.detail ? <span className="block text-xs text-muted">{group.detail}</span> : null}
            </DataCell>
            <UsageCells usage={group} currency={currency} />
            {action ? (
              <DataCell column={USAGE_COLUMNS.actions} className="px-5 py-2 text-right">
                {action(group)}
              </DataCell>
            ) : null}
          </tr>
        ))
      )}
    </DataTable>
  );
}

/** A line's tokens, images, video seconds and cost. */
function UsageCells({ usage, currency }: { usage: UsageTotals; currency: string }) {
  return (
    <>
      <DataCell column={USAGE_COLUMNS.tokens} className={cell}>
        {formatCount(usage.tokens)}
      </DataCell>
      <DataCell column={USAGE_COLUMNS.images} className={cell}>
        {formatCount(usage.images)}
      </DataCell>
      <DataCell column={USAGE_COLUMNS.videoSeconds} className={cell}>
        {formatCount(usage.videoSeconds)}
      </DataCell>
      <DataCell column={USAGE_COLUMNS.cost} className={cell}>
        {formatMoney(usage.amountMicros, currency)}
      </DataCell>
    </>
  );
}
