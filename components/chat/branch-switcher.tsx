"use client";

import { Icon } from "./icons";

// "‹ 2/3 ›" beside a message that has other versions (turns sharing its parent). Paging shows that
// version's newest branch; nothing is replaced.
export function BranchSwitcher({ index, count, onSelect, disabled }: { index: number; count: number; onSelect: (index: number) => void; disabled: boolean }) {
  const button =
    "grid size-6 place-items-center rounded-md text-muted hover:bg-zinc-100 hover:text-zinc-900 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:hover:bg-zinc-800 dark:hover:text-zinc-100";
  return (
    <div role="group" aria-label="Versions of this message" className="inline-flex items-center gap-0.5 text-xs text-muted" data-testid="branch-switcher">
      <button type="button" className={button} aria-label="Previous version" disabled={disabled || index === 0} onClick={() => onSelect(index - 1)}>
        <Icon name="chevronLeft" />
      </button>
      <span className="min-w-8 text-center font-medium tabular-nums" data-testid="branch-position">
        {index + 1}/{count}
      </span>
      <button type="button" className={button} aria-label="Next version" disabled={disabled || index === count - 1} onClick={() => onSelect(index + 1)}>
        <Icon name="chevronRight" />
      </button>
    </div>
  );
}
