"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useHydrating } from "@/components/ui/use-hydrating";
import { api } from "@/lib/client/api";
import type { JobDto, JobListDto } from "@/lib/jobs/job-dto";
import { mergeJob } from "./job-list";
import { jobsKey, jobsQuery } from "./job-queries";

/** Puts a job the studio just answered with (a start, a cancel, a run-again) into the list at once. */
export function rememberJob(queryClient: QueryClient, job: JobDto): void {
  queryClient.setQueryData<JobListDto>(jobsKey, (list) => mergeJob(list, job));
}

/** The user's running and recent jobs, newest first (kept current by JobsProvider). */
export function useJobs() {
  return useQuery({ ...jobsQuery(), select: (list) => list.jobs });
}

/**
 * What the jobs list says for a part of a page the server drew: nothing while that part hydrates. The
 * server draws pages without the list, and the browser may have read it by the time a later part of
 * the page hydrates; drawing it then would differ from the server's HTML, and React would redraw the
 * page (losing a click made meanwhile). The list shows in the render right after.
 */
export function useJobsOnceHydrated<T>(select: (list: JobListDto) => T): T | undefined {
  const hydrating = useHydrating();
  const { data } = useQuery({ ...jobsQuery(), select });
  return hydrating ? undefined : data;
}

/** One job of the list, or undefined while the list loads or when it is not (or no longer) in it. */
export function useJob(id: string | null | undefined): JobDto | undefined {
  return useQuery({ ...jobsQuery(), select: (list) => list.jobs.find((job) => job.id === id) }).data;
}

/** Asks the runner to stop a job; its state turns `cancelled` on the stream once it has stopped. */
export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api<JobDto>(`/api/jobs/${encodeURIComponent(jobId)}/cancel`, { method: "POST", json: {} }),
    onSuccess: (job) => rememberJob(queryClient, job),
  });
}

/** Starts a new job with a failed or interrupted job's settings and seed. */
export function useRunAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api<{ job: JobDto }>(`/api/jobs/${encodeURIComponent(jobId)}/run-again`, { method: "POST", json: {} }),
    onSuccess: ({ job }) => rememberJob(queryClient, job),
  });
}
