"use client";

import { useEffect, useRef, useState } from "react";
import { actionClass, actionIconClass } from "@/components/ui/action-icon";
import { teamContext } from "@/components/teams/team-context";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";

const shareIcon = "M13.5 6.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM6.5 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM13.5 18.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM8.7 11.3l2.6 2.4M11.3 6.3 8.7 8.7";

// "Share with ▾": the user's own teams, one click each, each with its owner, size and join date (two
// teams may share a name). Closes on a pick, Escape or a click outside.
export function TeamMenu({ teams, onPick, disabled }: { teams: TeamSummaryDto[]; onPick: (team: TeamSummaryDto) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  if (teams.length === 0) {
    return (
      <button type="button" className={actionClass} disabled title="You are in no team yet: join or create one on the Teams page">
        Share with a team
      </button>
    );
  }

  return (
    <div
      ref={ref}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button type="button" className={actionClass} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} disabled={disabled} data-testid="gallery-share-menu">
        <svg viewBox="0 0 20 20" className={actionIconClass} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" aria-hidden>
          <path d={shareIcon} />
        </svg>
        Share with…
      </button>
      {open ? (
        <div role="menu" className="absolute bottom-full left-0 z-30 mb-2 max-w-sm min-w-48 rounded-xl border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
          {teams.map((team) => (
            <button
              key={team.id}
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                onPick(team);
              }}
              className="block w-full rounded-lg px-3 py-2 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <span className="block truncate text-sm text-zinc-700 dark:text-zinc-200">{team.name}</span>
              <span className="block truncate text-xs text-muted">{teamContext(team)}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
