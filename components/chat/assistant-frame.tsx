import type { ReactNode } from "react";
import { Icon } from "./icons";

// The left-hand side of a turn: the model's mark, the turn's number on the shown path, and its answer.
export function AssistantFrame({ turnNumber, meta, children }: { turnNumber: number; meta?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-100 text-accent-700 dark:bg-accent-500/20 dark:text-accent-400" aria-hidden>
        <Icon name="sparkle" />
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <p className="pt-1.5 text-xs text-muted">
          <span className="font-medium text-zinc-700 dark:text-zinc-300">Turn {turnNumber}</span>
          {meta ? <> · {meta}</> : null}
        </p>
        {children}
      </div>
    </div>
  );
}
