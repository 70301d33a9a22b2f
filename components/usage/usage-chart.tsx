"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import type { UsageDayDto } from "@/lib/usage/usage-dto";
import { USAGE_METRIC_LABELS, usageModelLabel, type UsageMetric } from "@/lib/usage/usage-labels";
import { formatCompact, formatCount, modelColor } from "./usage-format";

type Props = { days: UsageDayDto[]; models: string[]; metric: UsageMetric; height?: number };

// Issue 12 "Usage": one bar per UTC day, stacked by model. Text and grid take the surrounding text
// colour (currentColor), so the chart follows the light and dark themes without a palette of its own.
export function UsageChart({ days, models, metric, height = 260 }: Props) {
  const data = days.map((day) => ({ day: day.day, ...Object.fromEntries(models.map((model) => [model, day.models[model]?.[metric] ?? 0])) }));
  return (
    <figure className="text-muted" aria-label={`${USAGE_METRIC_LABELS[metric]} per day, by model`} data-testid="usage-chart">
      <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.2} />
          <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} tick={{ fill: "currentColor", fontSize: 11 }} stroke="currentColor" strokeOpacity={0.4} minTickGap={16} />
          <YAxis tickFormatter={formatCompact} tick={{ fill: "currentColor", fontSize: 11 }} stroke="currentColor" strokeOpacity={0.4} width={44} allowDecimals={metric === "videoSeconds"} />
          <Tooltip cursor={{ fill: "currentColor", fillOpacity: 0.08 }} content={(props) => <UsageTooltip {...props} metric={metric} />} />
          {models.map((model) => (
            <Bar key={model} dataKey={model} name={usageModelLabel(model)} stackId="usage" fill={modelColor(model)} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
        {models.map((model) => (
          <span key={model} className="inline-flex items-center gap-1.5">
            <svg viewBox="0 0 10 10" className="size-2.5" aria-hidden>
              <rect width="10" height="10" rx="2" fill={modelColor(model)} />
            </svg>
            {usageModelLabel(model)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

function UsageTooltip({ active, payload, label, metric }: Pick<TooltipContentProps, "active" | "payload" | "label"> & { metric: UsageMetric }) {
  const used = (payload ?? []).filter((entry) => Number(entry.value) > 0);
  if (!active || used.length === 0) return null;
  return (
    <div className="rounded-lg border border-zinc-200 bg-white px-3 py-2 text-xs text-zinc-800 shadow-md dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
      <p className="mb-1 font-medium">
        {String(label)} · {USAGE_METRIC_LABELS[metric]}
      </p>
      {used.map((entry) => (
        <p key={String(entry.dataKey)} className="flex justify-between gap-4">
          <span>{entry.name}</span>
          <span className="tabular-nums">{formatCount(Number(entry.value))}</span>
        </p>
      ))}
    </div>
  );
}
