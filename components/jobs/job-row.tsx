"use client";

import Link from "next/link";
import { describeFailure } from "@/components/errors/error-copy";
import { Spinner } from "@/components/ui/spinner";
import { Elapsed } from "@/components/ui/elapsed";
import { tookLabel } from "@/lib/client/format-elapsed";
import { isActiveJobState, JOB_KIND_LABELS, type JobDto } from "@/lib/jobs/job-dto";
import { heldReason, jobStatusText } from "./job-status";
import { useCancelJob, useRunAgain } from "./use-jobs";

const finishedTone = {
  succeeded: "bg-emerald-500",
  failed: "bg-red-500",
  cancelled: "bg-zinc-400",
  interrupted: "bg-amber-500",
} as const;

const linkClass =
  "inline-flex h-7 items-center rounded-md px-2 text-xs font-medium text-accent-700 hover:bg-accent-50 dark:text-accent-400 dark:hover:bg-accent-500/10";
const buttonClass =
  "inline-flex h-7 items-center rounded-md border border-zinc-200 px-2 text-xs font-medium text-zinc-700 hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800";

// One job in the activity tray: what it is (and which image of a variation set), where it stands and
// for how long, and what can be done with it (stop it, see its result, start it again).
export function JobRow({ job, variation, onNavigate }: { job: JobDto; variation?: string; onNavigate: () => void }) {
  const active = isActiveJobState(job.state);
  const cancel = useCancelJob();
  const runAgain = useRunAgain();
  const failure = job.state === "failed" && job.error ? describeFailure(job.error.code, job.error.message).title : undefined;
  const held = heldReason(job);
  return (
    <li className="flex gap-3 px-4 py-3" data-testid="job-row" data-job-state={job.state}>
      <span className="mt-1 grid size-4 shrink-0 place-items-center" aria-hidden>
        {active ? <Spinner className="size-4 text-accent-600 dark:text-accent-400" /> : <span className={`size-2 rounded-full ${finishedTone[job.state as keyof typeof finishedTone]}`} />}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-baseline gap-2">
          <span className="shrink-0 text-[11px] font-medium tracking-wide text-muted uppercase">{JOB_KIND_LABELS[job.kind]}</span>
          {variation ? (
            <span className="shrink-0 text-[11px] text-muted" data-testid="job-variation">
              {variation}
            </span>
          ) : null}
          <span className="ml-auto shrink-0 font-mono text-xs text-muted tabular-nums">
            {active ? <Elapsed since={job.createdAt} /> : job.finishedAt ? tookLabel(job.createdAt, job.finishedAt) : null}
          </span>
        </div>
        <p className="truncate text-sm text-zinc-900 dark:text-zinc-100" title={job.label}>
          {job.label}
        </p>
        <p className={`text-xs ${job.state === "failed" ? "text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400"}`} data-testid="job-status">
          {jobStatusText(job)}
          {failure ? ` · ${failure}` : null}
        </p>
        {held ? (
          <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="job-held-reason">
            {held}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-1 pt-0.5">
          {active ? (
            <button type="button" className={buttonClass} onClick={() => cancel.mutate(job.id)} disabled={cancel.isPending}>
              {cancel.isPending ? "Cancelling…" : "Cancel"}
            </button>
          ) : null}
          {job.canRunAgain ? (
            <button type="button" className={buttonClass} onClick={() => runAgain.mutate(job.id)} disabled={runAgain.isPending}>
              Run again
            </button>
          ) : null}
          <Link href={job.href} onClick={onNavigate} className={linkClass}>
            {job.state === "succeeded" ? "Open result" : "Open"}
          </Link>
        </div>
        {cancel.isError || runAgain.isError ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {(cancel.error ?? runAgain.error)?.message}
          </p>
        ) : null}
      </div>
    </li>
  );
}
