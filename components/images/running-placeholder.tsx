"use client";

import { jobStatusText } from "@/components/jobs/job-status";
import { useCancelJob } from "@/components/jobs/use-jobs";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Elapsed } from "@/components/ui/elapsed";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { isActiveJobState, type JobDto } from "@/lib/jobs/job-dto";

type Props = {
  generation: GenerationDto;
  job: JobDto;
  /** The requested shape; square when the model chooses. */
  size?: { width: number; height: number };
  testId: string;
};

// Where a running generation's image will appear, in its requested shape, with where its job
// stands, since when, and a way to stop it; smaller in a narrow cell (a variation set's).
export function RunningPlaceholder({ generation, job, size = { width: 1, height: 1 }, testId }: Props) {
  const landscape = size.width > size.height;
  const cancel = useCancelJob();
  const active = isActiveJobState(job.state);
  return (
    <Card className="overflow-hidden" role="article" aria-label="Generation in progress" data-testid={testId}>
      <div className="relative h-64 max-h-[60vh] bg-zinc-100 @2xl:h-[26rem] dark:bg-zinc-950">
        <div className="absolute inset-4 flex items-center justify-center">
          <div
            className="relative max-h-full max-w-full overflow-hidden rounded-md bg-gradient-to-br from-accent-100 via-zinc-200 to-accent-50 dark:from-accent-500/15 dark:via-zinc-800 dark:to-zinc-900"
            style={{ aspectRatio: `${size.width} / ${size.height}`, ...(landscape ? { width: "100%" } : { height: "100%" }) }}
          >
            <div className="absolute inset-0 animate-pulse bg-white/30 dark:bg-white/5" />
            <span className="absolute inset-0 grid place-items-center text-sm font-medium text-zinc-600 dark:text-zinc-300">{jobStatusText(job)}…</span>
          </div>
        </div>
      </div>
      <div className="flex items-center gap-3 px-4 py-2.5 text-xs text-muted">
        <p className="min-w-0 flex-1 truncate text-[13px] text-zinc-700 dark:text-zinc-300" title={generation.prompt}>
          {generation.prompt}
        </p>
        <span className="font-mono tabular-nums">
          <Elapsed since={job.createdAt} />
        </span>
        {active ? (
          <Button variant="ghost" size="sm" onClick={() => cancel.mutate(job.id)} disabled={cancel.isPending || cancel.isSuccess}>
            {cancel.isPending || cancel.isSuccess ? "Stopping…" : "Cancel"}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
