"use client";

import { jobStatusText } from "@/components/jobs/job-status";
import { useCancelJob } from "@/components/jobs/use-jobs";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Elapsed } from "@/components/ui/elapsed";
import { isActiveJobState, type JobDto } from "@/lib/jobs/job-dto";
import { AssistantFrame } from "./assistant-frame";

const STEPS = ["Queue", "Generate", "Save"] as const;

const stepOf: Record<JobDto["state"], number> = {
  queued: 0,
  waiting: 0,
  generating: 1,
  storing: 2,
  succeeded: 3,
  failed: 3,
  cancelled: 3,
  interrupted: 3,
};

// The answer bubble of a turn on its way, fed by its job (components/jobs) in whichever page or tab
// sent it: where it stands, for how long (since it was sent), and a way to stop it.
export function TurnProgress({ job, turnNumber }: { job: JobDto; turnNumber: number }) {
  const cancel = useCancelJob();
  const step = stepOf[job.state];
  const stopping = cancel.isPending || cancel.isSuccess;
  return (
    <AssistantFrame turnNumber={turnNumber}>
      <div role="status" aria-live="polite" data-testid="turn-progress" className="w-full max-w-md rounded-2xl rounded-tl-md border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div className="flex items-center gap-3">
          <Spinner className="size-5 text-accent-600 dark:text-accent-400" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" data-testid="turn-progress-label">
              {jobStatusText(job)}
            </p>
            <p className="text-xs text-muted tabular-nums">
              <Elapsed since={job.createdAt} /> elapsed
            </p>
          </div>
          {isActiveJobState(job.state) ? (
            <Button variant="secondary" size="sm" onClick={() => cancel.mutate(job.id)} disabled={stopping}>
              {stopping ? "Stopping…" : "Cancel"}
            </Button>
          ) : null}
        </div>
        <ol className="mt-4 grid grid-cols-3 gap-1.5" aria-label="Steps">
          {STEPS.map((name, index) => (
            <li key={name} className="space-y-1">
              <span
                className={`block h-1 rounded-full ${
                  index < step ? "bg-accent-500" : index === step ? "animate-pulse bg-accent-500" : "bg-zinc-200 dark:bg-zinc-800"
                }`}
              />
              <span className={`block text-[11px] ${index <= step ? "text-zinc-700 dark:text-zinc-300" : "text-muted"}`}>{name}</span>
            </li>
          ))}
        </ol>
        {cancel.isError ? (
          <p role="alert" className="mt-2 text-xs text-red-700 dark:text-red-400">
            Not cancelled: {cancel.error.message}
          </p>
        ) : null}
      </div>
    </AssistantFrame>
  );
}
