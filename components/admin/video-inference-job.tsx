"use client";

import { useQuery } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { RetryAlert } from "@/components/ui/retry-alert";
import { Spinner } from "@/components/ui/spinner";
import type { InferenceJobDto } from "@/lib/videos/admin-video-dto";
import { inferenceContentPath, inferenceJobQuery } from "./video-admin-queries";

// A diagnostic job's status, read every 2 s until it ends; then its MP4 to play and download.
export function VideoInferenceJob({ id }: { id: string }) {
  const query = useQuery(inferenceJobQuery(id));
  const job = query.data;
  return (
    <div className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid="inference-job">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-xs break-all text-muted">{id}</p>
        {job ? <JobStatus job={job} /> : null}
      </div>
      {query.error ? (
        <RetryAlert title="The job's status could not be read" onRetry={() => void query.refetch()}>
          {query.error.message}
        </RetryAlert>
      ) : null}
      {job?.error ? (
        <Alert title={`The job failed: ${job.error.code}`}>{job.error.message || "The inference server gave no message."}</Alert>
      ) : null}
      {job?.status === "completed" ? (
        <div className="space-y-2">
          <video controls playsInline preload="metadata" src={inferenceContentPath(id)} className="w-full rounded-lg bg-black" data-testid="inference-video" />
          <div className="flex items-center justify-between text-sm">
            <span className="text-muted">{job.resolution ? `Resolution ${job.resolution}` : "Resolution not reported"}</span>
            <a href={inferenceContentPath(id)} download={`${id}.mp4`} className="font-medium text-accent-700 hover:underline dark:text-accent-400">
              Download MP4
            </a>
          </div>
        </div>
      ) : null}
      {job ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted">The server&apos;s answer</summary>
          <pre className="mt-2 overflow-x-auto rounded-lg bg-zinc-50 p-3 font-mono text-xs dark:bg-zinc-950">{JSON.stringify(job.raw, null, 2)}</pre>
        </details>
      ) : null}
    </div>
  );
}

function JobStatus({ job }: { job: InferenceJobDto }) {
  const tone = job.status === "completed" ? "success" : job.status === "failed" ? "danger" : job.finished ? "neutral" : "accent";
  return (
    <span className="flex items-center gap-2 text-xs text-muted" data-testid="inference-job-status" data-status={job.status}>
      {job.finished ? null : (
        <>
          <Spinner className="size-3.5" />
          checked every 2 s
        </>
      )}
      <Badge tone={tone}>{job.status}</Badge>
    </span>
  );
}
