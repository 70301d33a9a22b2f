import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons";

// A line above the composer saying where the next message goes or what went wrong, with a way out.
export function ComposerBanner({ icon, tone, children, action, onAction }: { icon: IconName; tone: "accent" | "danger"; children: ReactNode; action: string; onAction: () => void }) {
  const tones = {
    accent: "border-accent-100 bg-accent-50 text-accent-700 dark:border-accent-500/30 dark:bg-accent-500/10 dark:text-accent-400",
    danger: "border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300",
  };
  return (
    <div role={tone === "danger" ? "alert" : "status"} className={`flex items-start gap-2 rounded-lg border px-3 py-2 text-sm ${tones[tone]}`} data-testid="composer-banner">
      <Icon name={icon} className="mt-0.5 size-4" />
      <div className="min-w-0 flex-1">{children}</div>
      <button type="button" onClick={onAction} className="shrink-0 rounded-md px-2 py-0.5 text-xs font-medium hover:bg-black/5 dark:hover:bg-white/10">
        {action}
      </button>
    </div>
  );
}
