"use client";

import type { JobDto } from "@/lib/jobs/job-dto";
import { JobRow } from "./job-row";

type Props = { running: JobDto[]; finished: JobDto[]; variations: Map<string, string>; onNavigate: () => void };

/** The activity panel's jobs, running first, then recent; or what the panel is for, while it has none. */
export function ActivityJobs({ running, finished, variations, onNavigate }: Props) {
  if (running.length + finished.length === 0) return <EmptyActivity />;
  return (
    <>
      <JobSection title="Running" jobs={running} variations={variations} onNavigate={onNavigate} />
      <JobSection title="Recent" jobs={finished} variations={variations} onNavigate={onNavigate} />
    </>
  );
}

function JobSection({ title, jobs, variations, onNavigate }: { title: string; jobs: JobDto[]; variations: Map<string, string>; onNavigate: () => void }) {
  if (jobs.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="bg-zinc-50 px-4 py-1.5 text-[11px] font-medium tracking-wide text-muted uppercase dark:bg-zinc-950/40">{title}</h3>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {jobs.map((job) => (
          <JobRow key={job.id} job={job} variation={variations.get(job.id)} onNavigate={onNavigate} />
        ))}
      </ul>
    </section>
  );
}

function EmptyActivity() {
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center">
      <span className="grid size-10 place-items-center rounded-xl bg-zinc-100 text-muted dark:bg-zinc-800">
        <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
          <path d="M2.5 10h3l2-5.5 5 11 2-5.5h3" />
        </svg>
      </span>
      <p className="mt-3 text-sm font-medium">No activity</p>
      <p className="mt-1 max-w-64 text-xs text-muted">Generations and chat turns you start appear here. They keep running when you leave their page.</p>
    </div>
  );
}
