// Numbers and colours of the usage pages. Fixed locale, so the server's render and the browser's
// hydration print the same text.
import { USAGE_MODELS } from "@/lib/usage/usage-labels";

const whole = new Intl.NumberFormat("en");
const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return whole.format(value);
}

/** Axis ticks: 12K rather than 12,000. */
export function formatCompact(value: number): string {
  return compact.format(value);
}

// One colour per model key, readable on the light and the dark background alike.
const MODEL_COLORS = ["#6366f1", "#a855f7", "#0ea5e9", "#14b8a6", "#f59e0b", "#f97316", "#ec4899"];
const OTHER_COLOR = "#71717a";

export function modelColor(model: string): string {
  const index = (USAGE_MODELS as readonly string[]).indexOf(model);
  return MODEL_COLORS[index] ?? OTHER_COLOR;
}
