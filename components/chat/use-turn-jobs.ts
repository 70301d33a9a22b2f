"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useJobsOnceHydrated } from "@/components/jobs/use-jobs";
import { chatKeys } from "./chat-queries";
import { isActiveJobState, type JobDto } from "@/lib/jobs/job-dto";

/**
 * The job of a turn, while the jobs list holds it. A turn still stored as pending whose job has
 * ended was read before that end (a page rendered on the server while the job ran, hydrated after
 * the end's refresh): its conversation is read again.
 */
export function useTurnJob(turnId: string, storedAsPending: boolean): JobDto | undefined {
  const queryClient = useQueryClient();
  const job = useJobsOnceHydrated((list) => list.jobs.find((candidate) => candidate.turnId === turnId));
  const stale = storedAsPending && job !== undefined && !isActiveJobState(job.state);
  const conversationId = job?.conversationId;
  useEffect(() => {
    if (stale && conversationId) void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) });
  }, [stale, conversationId, queryClient]);
  return job;
}

/** A turn of this conversation still running (one at a time per conversation: the composer waits for it). */
export function useRunningTurnJob(conversationId: string): JobDto | undefined {
  return useJobsOnceHydrated((list) => list.jobs.find((job) => job.kind === "alpha_v35_turn" && job.conversationId === conversationId && isActiveJobState(job.state)));
}
