"use client";

import type { ReactNode } from "react";

export function Switch({ checked, onChange, label, description, id }: { checked: boolean; onChange: (checked: boolean) => void; label: string; description?: ReactNode; id: string }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <label htmlFor={id} className="min-w-0">
        <span className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">{label}</span>
        {description ? <span className="block text-xs text-muted">{description}</span> : null}
      </label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors ${checked ? "bg-accent-600" : "bg-zinc-300 dark:bg-zinc-700"}`}
      >
        <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5.5" : "translate-x-0.5"}`} />
      </button>
    </div>
  );
}
