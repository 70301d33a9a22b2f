"use client";

import { Segmented } from "@/components/ui/segmented";
import { USAGE_METRIC_LABELS, type UsageMetric } from "@/lib/usage/usage-labels";

const OPTIONS = (Object.keys(USAGE_METRIC_LABELS) as UsageMetric[]).map((value) => ({ value, label: USAGE_METRIC_LABELS[value] }));

/** Which measure the chart stacks: tokens, images or video seconds. */
export function UsageMetricToggle({ value, onChange }: { value: UsageMetric; onChange: (metric: UsageMetric) => void }) {
  return <Segmented label="Chart shows" value={value} options={OPTIONS} onChange={onChange} testIdPrefix="usage-metric" />;
}
