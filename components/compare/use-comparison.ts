"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { rememberJob, useJobs } from "@/components/jobs/use-jobs";
import { api } from "@/lib/client/api";
import type { ComparisonDto } from "@/lib/comparisons/comparison-dto";
import type { ComparisonFormInput } from "@/lib/comparisons/comparison-schemas";
import { isActiveJobState, type JobDto } from "@/lib/jobs/job-dto";

const comparisonKey = (id: string) => ["comparisons", id] as const;

export function useStartComparison() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ComparisonFormInput) => api<{ comparison: { id: string }; jobs: JobDto[] }>("/api/comparisons", { method: "POST", json: input }),
    onSuccess: ({ jobs }) => jobs.forEach((job) => rememberJob(queryClient, job)),
  });
}

/**
 * A comparison whose members' states follow the jobs stream as they change; when one ends, the
 * comparison is read again for its image, time and tokens.
 */
export function useComparison(id: string) {
  const query = useQuery({ queryKey: comparisonKey(id), queryFn: () => api<{ comparison: ComparisonDto }>(`/api/comparisons/${encodeURIComponent(id)}`), select: (data) => data.comparison });
  const live = useJobs().data;
  const members = (query.data?.members ?? []).map((member) => ({ ...member, job: live?.find((job) => job.id === member.job.id) ?? member.job }));
  const endedSinceRead = (query.data?.members ?? []).filter((member, index) => isActiveJobState(member.job.state) && !isActiveJobState(members[index].job.state)).length;
  const { refetch } = query;
  useEffect(() => {
    if (endedSinceRead > 0) void refetch();
  }, [endedSinceRead, refetch]);
  return { ...query, members };
}

export function useKeepMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { jobId: string; others: "keep" | "discard" }) => api<{ comparison: ComparisonDto }>(`/api/comparisons/${encodeURIComponent(id)}/keep`, { method: "POST", json: body }),
    onSuccess: (data) => queryClient.setQueryData(comparisonKey(id), data),
  });
}
