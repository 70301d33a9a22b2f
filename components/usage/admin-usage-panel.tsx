"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { inputClassWith, selectClassWith } from "@/components/ui/field";
import { Segmented } from "@/components/ui/segmented";
import { Spinner } from "@/components/ui/spinner";
import type { UsageGroupDto } from "@/lib/usage/usage-dto";
import { USAGE_COUNTING_NOTE, USAGE_GROUP_LABELS, USAGE_MODELS, usageModelLabel, type UsageMetric } from "@/lib/usage/usage-labels";
import { USAGE_GROUPS, USAGE_MAX_DAYS, type UsageGroup } from "@/lib/usage/usage-rules";
import { UsageChart } from "./usage-chart";
import { UsageMetricToggle } from "./usage-metric-toggle";
import { adminUsageQuery, adminUsageSearch, defaultAdminUsageFilters, type AdminUsageFilters } from "./usage-queries";
import { UsageTable } from "./usage-table";

const GROUP_OPTIONS = USAGE_GROUPS.map((value) => ({ value, label: USAGE_GROUP_LABELS[value] }));

/** A user or team the admin narrowed the page to, with the name to show on its chip. */
type Narrowing = { id: string; label: string };

const linkButton =
  "inline-flex h-8 items-center rounded-lg border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";

// Usage, the admin's view: everyone's tokens, images and video seconds over a range, charted per
// day and model, tabled per day, user, team or model, and exported as CSV. It opens on the range
// ending `today` (the server's UTC day, so the range the server read is the one shown).
export function AdminUsagePanel({ today }: { today: string }) {
  const [to, setTo] = useState(today);
  const [from, setFrom] = useState(() => defaultAdminUsageFilters(today).from);
  const [groupBy, setGroupBy] = useState<UsageGroup>("day");
  const [model, setModel] = useState("");
  const [user, setUser] = useState<Narrowing | null>(null);
  const [team, setTeam] = useState<Narrowing | null>(null);
  const [metric, setMetric] = useState<UsageMetric>("tokens");
  const filters: AdminUsageFilters = { from, to, groupBy, model, userId: user?.id ?? "", teamId: team?.id ?? "" };
  const usage = useQuery(adminUsageQuery(filters));
  const report = usage.data;

  const narrow = (group: UsageGroupDto) => {
    if (groupBy === "user") setUser({ id: group.key, label: group.label });
    if (groupBy === "team") setTeam({ id: group.key, label: group.label });
    if (groupBy === "model") setModel(group.key);
  };
  // A table grouped by what is already narrowed to one value has nothing left to narrow.
  const narrowable = (groupBy === "user" && !user) || (groupBy === "team" && !team) || (groupBy === "model" && !model);

  return (
    <div className="space-y-6">
      <Card className="space-y-4 p-5">
        <div className="flex flex-wrap items-end gap-4">
          <div className="space-y-1.5">
            <label htmlFor="usage-from" className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
              From
            </label>
            <input id="usage-from" type="date" value={from} max={to} onChange={(event) => event.target.value && setFrom(event.target.value)} className={inputClassWith("w-auto")} />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="usage-to" className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
              To
            </label>
            <input id="usage-to" type="date" value={to} min={from} onChange={(event) => event.target.value && setTo(event.target.value)} className={inputClassWith("w-auto")} />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="usage-model" className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
              Model
            </label>
            <select id="usage-model" value={model} onChange={(event) => setModel(event.target.value)} className={selectClassWith("w-auto")}>
              <option value="">All models</option>
              {USAGE_MODELS.map((key) => (
                <option key={key} value={key}>
                  {usageModelLabel(key)}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <span className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">Group by</span>
            <Segmented label="Group by" value={groupBy} options={GROUP_OPTIONS} onChange={setGroupBy} testIdPrefix="usage-group" />
          </div>
          <a href={`/api/admin/usage?${adminUsageSearch(filters, "csv")}`} download className={`${linkButton} ml-auto`} data-testid="usage-export">
            Export CSV
          </a>
        </div>
        <p className="text-xs text-muted">
          Days are UTC; a range spans at most {USAGE_MAX_DAYS} days. {USAGE_COUNTING_NOTE} Team is the owner&apos;s active team when the work was made.
        </p>
        {user || team ? (
          <div className="flex flex-wrap gap-2">
            {user ? <FilterChip label={`User: ${user.label}`} onRemove={() => setUser(null)} /> : null}
            {team ? <FilterChip label={`Team: ${team.label}`} onRemove={() => setTeam(null)} /> : null}
          </div>
        ) : null}
        {usage.error ? <Alert title="Usage could not be read">{usage.error.message}</Alert> : null}
      </Card>

      <Card className="p-5">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="flex items-center gap-2 text-sm font-semibold">
            Per day and model {usage.isFetching ? <Spinner className="size-3.5 text-muted" /> : null}
          </h2>
          <UsageMetricToggle value={metric} onChange={setMetric} />
        </div>
        {report ? <UsageChart days={report.days} models={report.models} metric={metric} /> : <div className="h-65" />}
      </Card>

      <Card className="overflow-hidden">
        <div className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
          <h2 className="text-sm font-semibold">By {USAGE_GROUP_LABELS[groupBy].toLowerCase()}</h2>
          {narrowable ? <p className="mt-0.5 text-xs text-muted">&ldquo;Only this&rdquo; narrows the page and the export to one line.</p> : null}
        </div>
        {report ? (
          <UsageTable
            heading={USAGE_GROUP_LABELS[report.groupBy]}
            groups={report.groups}
            totals={report.totals}
            currency={report.currency}
            action={
              narrowable
                ? (group) => (
                    <button type="button" onClick={() => narrow(group)} className="text-xs font-medium text-accent-700 hover:underline dark:text-accent-400">
                      Only this
                    </button>
                  )
                : undefined
            }
          />
        ) : (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        )}
      </Card>
    </div>
  );
}

function FilterChip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-3 text-xs font-medium dark:bg-zinc-800">
      {label}
      <button type="button" onClick={onRemove} aria-label={`Remove filter ${label}`} className="rounded-full px-1.5 text-muted hover:bg-zinc-200 hover:text-zinc-900 dark:hover:bg-zinc-700 dark:hover:text-white">
        ×
      </button>
    </span>
  );
}
