"use client";

import { isActiveJobState } from "@/lib/jobs/job-dto";
import { useJobsOnceHydrated } from "./use-jobs";

/** How many of the conversation's turns are running, from the shell's jobs list (kept current by its stream). */
export function useRunningInConversation(conversationId: string): number {
  return useJobsOnceHydrated((list) => list.jobs.filter((job) => job.conversationId === conversationId && isActiveJobState(job.state)).length) ?? 0;
}
