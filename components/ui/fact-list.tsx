import type { ReactNode } from "react";

// A titled list of label/value facts, as the detail pages show a request's parameters.

export function FactRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="shrink-0 text-[13px] text-muted">{label}</dt>
      <dd className="min-w-0 text-right text-[13px] break-words text-zinc-800 tabular-nums dark:text-zinc-200" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function FactSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h3 className="text-[11px] font-medium tracking-wide text-muted uppercase">{title}</h3>
      <dl className="divide-y divide-zinc-100 dark:divide-zinc-800/70">{children}</dl>
    </section>
  );
}
