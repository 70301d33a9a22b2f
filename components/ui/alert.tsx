import type { ReactNode } from "react";
import { CloseIcon } from "./close-icon";

const tones = {
  info: {
    box: "border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-300",
    icon: "text-muted",
    path: "M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-11.25a.75.75 0 1 1-1.5 0 .75.75 0 0 1 1.5 0ZM9.25 9.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4Z",
  },
  warning: {
    box: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/25 dark:bg-amber-500/10 dark:text-amber-100",
    icon: "text-amber-500",
    path: "M8.48 3.1a1.75 1.75 0 0 1 3.04 0l6 10.5A1.75 1.75 0 0 1 16 16.25H4a1.75 1.75 0 0 1-1.52-2.63l6-10.5ZM10 7a.75.75 0 0 0-.75.75v3.5a.75.75 0 0 0 1.5 0v-3.5A.75.75 0 0 0 10 7Zm0 7.5a.9.9 0 1 0 0-1.8.9.9 0 0 0 0 1.8Z",
  },
} as const;

// A calm notice: a problem the designer can act on, not an emergency, so no red banner.
export function Alert({
  tone = "warning",
  title,
  children,
  actions,
  onDismiss,
}: {
  tone?: keyof typeof tones;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  onDismiss?: () => void;
}) {
  const style = tones[tone];
  return (
    <div role={tone === "info" ? "status" : "alert"} className={`flex gap-3 rounded-xl border p-3.5 text-sm ${style.box}`}>
      <svg viewBox="0 0 20 20" className={`mt-0.5 size-4.5 shrink-0 ${style.icon}`} fill="currentColor" aria-hidden>
        <path fillRule="evenodd" clipRule="evenodd" d={style.path} />
      </svg>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium">{title}</p>
        {children ? <div className="text-[13px] leading-relaxed opacity-90">{children}</div> : null}
        {actions ? <div className="flex flex-wrap items-center gap-2 pt-1">{actions}</div> : null}
      </div>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} aria-label="Dismiss" className="-m-1 size-7 shrink-0 rounded-md p-1.5 opacity-60 hover:bg-black/5 hover:opacity-100 dark:hover:bg-white/10">
          <CloseIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
