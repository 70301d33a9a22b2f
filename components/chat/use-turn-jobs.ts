"use client";

import { useJobs } from "@/components/jobs/use-jobs";
import { isActiveJobState, type JobDto } from "@/lib/jobs/job-dto";

/** The job of a turn, while the jobs list holds it. */
export function useTurnJob(turnId: string): JobDto | undefined {
  return useJobs().data?.find((job) => job.turnId === turnId);
}

/** A turn of this conversation still running (one at a time per conversation: the composer waits for it). */
export function useRunningTurnJob(conversationId: string): JobDto | undefined {
  return useJobs().data?.find((job) => job.kind === "alpha_v35_turn" && job.conversationId === conversationId && isActiveJobState(job.state));
}
