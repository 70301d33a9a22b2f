"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import { useDeleteVideo } from "./use-video-actions";

type Props = {
  job: Pick<VideoJobDto, "id" | "prompt" | "video" | "upstreamDeletedAt">;
  open: boolean;
  onClose: () => void;
  /** `archiveKept`: the job stays (marked deleted upstream); else it is gone from the studio too. */
  onDeleted?: (archiveKept: boolean) => void;
};

// Deleting a finished job removes it from the video service (spec 3.1). The studio's archived copy
// is the designer's to keep or remove; kept by default. A job already deleted upstream offers only
// the removal of that copy.
export function DeleteVideoDialog({ job, open, onClose, onDeleted }: Props) {
  const onlyArchive = job.upstreamDeletedAt !== null;
  const [chosenRemove, setRemoveArchive] = useState(false);
  const removeArchive = onlyArchive || chosenRemove;
  const remove = useDeleteVideo();
  const close = () => {
    remove.reset();
    setRemoveArchive(false);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={onlyArchive ? "Remove the archived video?" : "Delete this video job?"}>
      <div className="space-y-4 text-sm" data-testid="delete-video-dialog">
        <p className="line-clamp-2 text-zinc-600 dark:text-zinc-400">“{job.prompt}”</p>
        <p className="text-zinc-700 dark:text-zinc-300">
          {onlyArchive
            ? "The job is already deleted from the video service. This removes the studio’s copy of the video and the job for good."
            : "The job and its files are removed from the video service."}
        </p>
        {job.video && !onlyArchive ? (
          <fieldset className="space-y-2">
            <legend className="mb-1 font-medium text-zinc-800 dark:text-zinc-200">Also remove the studio’s archived copy?</legend>
            <label className="flex items-start gap-2.5 rounded-lg border border-zinc-200 p-2.5 has-checked:border-accent-500 dark:border-zinc-700">
              <input type="radio" name="archive" checked={!removeArchive} onChange={() => setRemoveArchive(false)} className="mt-0.5 accent-accent-600" data-testid="delete-archive-keep" />
              <span>
                <span className="block font-medium">Keep the archived video</span>
                <span className="block text-xs text-muted">It stays playable and downloadable from the studio.</span>
              </span>
            </label>
            <label className="flex items-start gap-2.5 rounded-lg border border-zinc-200 p-2.5 has-checked:border-red-500 dark:border-zinc-700">
              <input type="radio" name="archive" checked={removeArchive} onChange={() => setRemoveArchive(true)} className="mt-0.5 accent-red-600" data-testid="delete-archive-remove" />
              <span>
                <span className="block font-medium">Remove it too</span>
                <span className="block text-xs text-muted">The video and its 720p copy are deleted for good.</span>
              </span>
            </label>
          </fieldset>
        ) : null}
        {remove.error ? <Alert title="The job was not deleted">{remove.error.message}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Keep the job
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            data-testid="delete-video-confirm"
            onClick={() =>
              remove.mutate(
                { id: job.id, removeArchive },
                {
                  onSuccess: (answer) => {
                    close();
                    onDeleted?.(answer.archiveKept);
                  },
                },
              )
            }
          >
            {remove.isPending ? "Deleting…" : onlyArchive ? "Remove" : "Delete"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
