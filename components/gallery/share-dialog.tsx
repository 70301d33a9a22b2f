"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { teamContext } from "@/components/teams/team-context";
import type { TeamRefDto } from "@/lib/gallery/gallery-dto";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";
import { useShareItem } from "./use-gallery-actions";

type Props = { open: boolean; onClose: () => void; itemId: string; current: TeamRefDto | null; teams: TeamSummaryDto[] };

// Share: private, or with exactly one of the owner's teams, whose members may then open,
// reuse and fork it. Each team shows its owner, size and join date: two teams may share a name.
export function ShareDialog({ open, onClose, itemId, current, teams }: Props) {
  const share = useShareItem(itemId);
  const [choice, setChoice] = useState<string | null>(current?.id ?? null);
  const options = [{ id: null, name: "Private", hint: "Only you (and site admins) can see it." }, ...teams.map((team) => ({ id: team.id, name: team.name, hint: teamContext(team) }))];

  function close() {
    share.reset();
    setChoice(current?.id ?? null);
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} title="Share">
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          share.mutate(choice, { onSuccess: close });
        }}
      >
        <fieldset className="space-y-2">
          <legend className="sr-only">Who can see it</legend>
          {options.map((option) => (
            <label
              key={option.id ?? "private"}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 px-3 py-2.5 has-checked:border-accent-500 has-checked:bg-accent-50/50 dark:border-zinc-800 dark:has-checked:bg-accent-500/10"
            >
              <input type="radio" name="share" className="mt-1 accent-accent-600" checked={choice === option.id} onChange={() => setChoice(option.id)} />
              <span>
                <span className="block text-sm font-medium">{option.name}</span>
                <span className="block text-xs text-muted">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {teams.length === 0 ? <p className="text-xs text-muted">You are in no team yet: create or join one on the Teams page to share.</p> : null}
        {share.error ? <Alert title="Not shared">{share.error.message}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={share.isPending || choice === (current?.id ?? null)} data-testid="gallery-share-save">
            {share.isPending ? <Spinner /> : null}
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
