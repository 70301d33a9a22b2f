// The jobs list's key and query in one module without "use client", like components/chat/chat-queries.
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { JobListDto } from "@/lib/jobs/job-dto";

export const jobsKey = ["jobs"] as const;

/** GET /api/jobs: the user's running jobs and the latest finished ones, newest first. */
export function jobsQuery() {
  return queryOptions({
    queryKey: jobsKey,
    queryFn: ({ signal }) => api<JobListDto>("/api/jobs", { signal }),
    // The stream keeps the list current; a stale list is refetched only by the fallback (job-stream).
    staleTime: Infinity,
  });
}
