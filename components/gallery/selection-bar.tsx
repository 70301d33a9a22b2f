"use client";

import { useState } from "react";
import { ActionIcon, actionClass, actionIconClass, icons } from "@/components/ui/action-icon";
import { dangerActionClass } from "./danger-action";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import type { TeamRefDto } from "@/lib/gallery/gallery-dto";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";
import { GALLERY_SELECTION_MAX } from "@/lib/gallery/gallery-rules";
import { DeleteDialog } from "./delete-dialog";
import { selectionDownloadHref } from "./gallery-queries";
import { TeamMenu } from "./team-menu";
import { useSelectionAction } from "./use-gallery-actions";

type Props = { ids: ReadonlySet<string>; teams: TeamSummaryDto[]; onClear: () => void };

const entries = (count: number) => `${count} ${count === 1 ? "entry" : "entries"}`;

// What can be done with the selected entries: one ZIP (a plain link: the server streams
// it), share with one of the user's teams, unshare, delete. The server checks every entry first and
// refuses the whole action, naming the entry, when one is not the user's to change.
export function SelectionBar({ ids, teams, onClear }: Props) {
  const action = useSelectionAction();
  const [deleting, setDeleting] = useState(false);
  const [done, setDone] = useState<string>();
  const list = [...ids];
  const tooMany = list.length > GALLERY_SELECTION_MAX;

  function run(kind: "share" | "unshare", team?: TeamRefDto) {
    setDone(undefined);
    const body = kind === "share" && team ? { action: "share" as const, ids: list, teamId: team.id } : { action: "unshare" as const, ids: list };
    action.mutate(body, { onSuccess: () => setDone(kind === "share" ? `Shared ${entries(list.length)} with ${team?.name}.` : `${entries(list.length)} made private.`) });
  }

  return (
    <div className="sticky bottom-4 z-20 mt-6" data-testid="gallery-selection-bar">
      <div className="space-y-2 rounded-2xl border border-zinc-200 bg-white/95 p-3 shadow-xl shadow-zinc-900/10 backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95">
        {action.error ? <Alert title="Nothing was changed" onDismiss={() => action.reset()}>{action.error.message}</Alert> : null}
        {done ? <Alert tone="info" title={done} onDismiss={() => setDone(undefined)} /> : null}
        {tooMany ? <Alert title={`At most ${GALLERY_SELECTION_MAX} entries at a time`}>Deselect some to act on the rest.</Alert> : null}
        <div className="flex flex-wrap items-center gap-2">
          <p className="mr-2 text-sm font-medium" data-testid="gallery-selection-count">
            {entries(list.length)} selected
          </p>
          {tooMany ? (
            <span className={`${actionClass} opacity-50`}>
              <ActionIcon path={icons.download} className={actionIconClass} />
              Download ZIP
            </span>
          ) : (
            <a className={actionClass} href={selectionDownloadHref(list)} download data-testid="gallery-download-zip">
              <ActionIcon path={icons.download} className={actionIconClass} />
              Download ZIP
            </a>
          )}
          <TeamMenu teams={teams} onPick={(team) => run("share", team)} disabled={action.isPending || tooMany} />
          <button type="button" className={actionClass} onClick={() => run("unshare")} disabled={action.isPending || tooMany}>
            <ActionIcon path={icons.eyeOff} className={actionIconClass} />
            Unshare
          </button>
          <button type="button" className={dangerActionClass} onClick={() => setDeleting(true)} disabled={action.isPending || tooMany}>
            Delete
          </button>
          {action.isPending ? <Spinner className="size-4 text-muted" /> : null}
          <button type="button" onClick={onClear} className="ml-auto rounded-lg px-3 py-1.5 text-sm font-medium text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800">
            Clear selection
          </button>
        </div>
      </div>
      <DeleteDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        subject={entries(list.length)}
        run={() => action.mutateAsync({ action: "delete", ids: list })}
        onDeleted={onClear}
      />
    </div>
  );
}
