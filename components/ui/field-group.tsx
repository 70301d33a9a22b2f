import type { ReactNode } from "react";

// A group of controls under one visible label, with room beside the label for a summary or a mode
// switch (the alpha form's Seed and Size). The label names the group for assistive technology.
export function FieldGroup({ id, label, aside, className = "space-y-2", children }: { id: string; label: string; aside?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={`${id}-label`} className={className}>
      <div className="flex items-center justify-between gap-3">
        <span id={`${id}-label`} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {label}
        </span>
        {aside}
      </div>
      {children}
    </div>
  );
}
