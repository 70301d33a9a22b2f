"use client";

import { useQuery } from "@tanstack/react-query";
import { isActiveJobState } from "@/lib/jobs/job-dto";
import { jobsQuery } from "./job-queries";

/** How many of the conversation's turns are running, from the shell's jobs list (kept current by its stream). */
export function useRunningInConversation(conversationId: string): number {
  const { data } = useQuery({
    ...jobsQuery(),
    select: (list) => list.jobs.filter((job) => job.conversationId === conversationId && isActiveJobState(job.state)).length,
  });
  return data ?? 0;
}
