import type { ReactNode } from "react";
import { DataTable } from "@/components/ui/data-table";
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

// The usage of a range, a line per day, user, team or model, and their sum.
export function UsageTable({ heading, groups, totals, currency, action }: Props) {
  return (
    <DataTable
      testId="usage-table"
      columns={[
        { label: heading },
        ...[USAGE_METRIC_LABELS.tokens, USAGE_METRIC_LABELS.images, USAGE_METRIC_LABELS.videoSeconds, USAGE_MONEY_LABEL].map((label) => ({ label, className: cell })),
        ...(action ? [{ label: "Actions", hidden: true }] : []),
      ]}
      footer={
        <tfoot className="border-t border-zinc-200 font-semibold dark:border-zinc-800">
          <tr>
            <td className="px-5 py-2">Total</td>
            <td className={cell}>{formatCount(totals.tokens)}</td>
            <td className={cell}>{formatCount(totals.images)}</td>
            <td className={cell}>{formatCount(totals.videoSeconds)}</td>
            <td className={cell}>{formatMoney(totals.amountMicros, currency)}</td>
            {action ? <td /> : null}
          </tr>
        </tfoot>
      }
    >
      {groups.length === 0 ? (
        <tr>
          <td colSpan={action ? 6 : 5} className="px-5 py-6 text-center text-muted">
            Nothing was used in this range.
          </td>
        </tr>
      ) : (
        groups.map((group) => (
          <tr key={group.key}>
            <td className="px-5 py-2">
              <span className="font-medium">{group.label}</span>
              {group.detail ? <span className="block text-xs text-muted">{group.detail}</span> : null}
            </td>
            <td className={cell}>{formatCount(group.tokens)}</td>
            <td className={cell}>{formatCount(group.images)}</td>
            <td className={cell}>{formatCount(group.videoSeconds)}</td>
            <td className={cell}>{formatMoney(group.amountMicros, currency)}</td>
            {action ? <td className="px-5 py-2 text-right">{action(group)}</td> : null}
          </tr>
        ))
      )}
    </DataTable>
  );
}
