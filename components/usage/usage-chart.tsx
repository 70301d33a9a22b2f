"use client";

import dynamic from "next/dynamic";
import type { UsageDayDto } from "@/lib/usage/usage-dto";
import { USAGE_METRIC_LABELS, usageModelLabel, type UsageMetric } from "@/lib/usage/usage-labels";
import { modelColor } from "./usage-format";

// The chart library is most of a usage page's JavaScript: it loads after the page, into a box
// already the chart's size, so nothing below it moves when it arrives.
const UsageBars = dynamic(() => import("./usage-bars").then((module) => module.UsageBars), { ssr: false });

type Props = { days: UsageDayDto[]; models: string[]; metric: UsageMetric; height?: number };

// Usage: one bar per UTC day, stacked by model. Text and grid take the surrounding text
// colour (currentColor), so the chart follows the light and dark themes without a palette of its own.
export function UsageChart({ days, models, metric, height = 260 }: Props) {
  return (
    <figure className="text-muted" aria-label={`${USAGE_METRIC_LABELS[metric]} per day, by model`} data-testid="usage-chart">
      <div style={{ height }}>
        <UsageBars days={days} models={models} metric={metric} height={height} />
      </div>
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
