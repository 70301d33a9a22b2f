"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import type { GalleryDeleteDto } from "@/lib/gallery/gallery-dto";

type Props = {
  open: boolean;
  onClose: () => void;
  /** "this entry", "3 entries". */
  subject: string;
  run: () => Promise<Partial<GalleryDeleteDto>>;
  /** After the delete, once the designer read what was kept. */
  onDeleted: () => void;
};

type Phase = { step: "confirm" } | { step: "deleting" } | { step: "failed"; message: string } | { step: "kept"; answer: Partial<GalleryDeleteDto> };

// Delete, confirmed first. Files that a conversation or another entry still uses are
// kept so that work stays replayable; the answer says which and why, and the dialog shows it.
export function DeleteDialog({ open, onClose, subject, run, onDeleted }: Props) {
  const [phase, setPhase] = useState<Phase>({ step: "confirm" });

  function close() {
    const deleted = phase.step === "kept";
    setPhase({ step: "confirm" });
    onClose();
    if (deleted) onDeleted();
  }

  async function confirm() {
    setPhase({ step: "deleting" });
    try {
      const answer = await run();
      if (answer.kept?.length) setPhase({ step: "kept", answer });
      else {
        setPhase({ step: "confirm" });
        onClose();
        onDeleted();
      }
    } catch (error) {
      setPhase({ step: "failed", message: (error as Error).message });
    }
  }

  return (
    <Dialog open={open} onClose={close} title={phase.step === "kept" ? "Deleted, with files kept" : `Delete ${subject}?`}>
      {phase.step === "kept" ? (
        <div className="space-y-4" data-testid="gallery-delete-kept">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {phase.answer.deleted ?? 0} {phase.answer.deleted === 1 ? "entry was" : "entries were"} deleted. These files are still in use, so the studio kept them:
          </p>
          <ul className="max-h-60 space-y-2 overflow-auto text-sm">
            {phase.answer.kept?.map((kept) => (
              <li key={kept.assetId} className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800">
                <span className="font-mono text-xs text-muted">{kept.assetId.slice(0, 8)}</span> <span className="text-zinc-800 dark:text-zinc-200">{kept.reason}</span>
              </li>
            ))}
          </ul>
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            The files go with it, unless a conversation or another entry still uses them; teammates it was shared with lose it too. This cannot be undone.
          </p>
          {phase.step === "failed" ? <Alert title="Nothing was deleted">{phase.message}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirm()} disabled={phase.step === "deleting"} data-testid="gallery-delete-confirm">
              {phase.step === "deleting" ? <Spinner /> : null}
              Delete
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
