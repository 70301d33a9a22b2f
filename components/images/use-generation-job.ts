"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { rememberJob, useCancelJob, useJob, useJobs, useRunAgain } from "@/components/jobs/use-jobs";
import { api, isApiError } from "@/lib/client/api";
import type { ClientError } from "@/lib/errors";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { isActiveJobState, type ActiveJobState, type JobDto, type JobKind } from "@/lib/jobs/job-dto";
import { historyItems, prependGeneration, useGenerationHistory, type GenerationHistorySource } from "./generation-history";

/** Where the followed request stands: still being sent, or its job's state. */
export type RunningGeneration = {
  stage: "sending" | ActiveJobState;
  /** Place in the studio's line (1 = next) while the job waits for the model. */
  position: number | null;
  /** When the request was made (the job's createdAt), so the clock survives a reload. */
  startedAt: number;
  /** A setting of this request that makes it take longer (alpha's prompt rewriting), said while it runs. */
  note?: string;
};

/** A refusal of the studio (ClientError) or a job's stored failure (whose code may be the service's own word). */
export type ShownError = Omit<ClientError, "code" | "requestId"> & { code: string; requestId?: string | null };

/** `status` is set when the studio refused the request (400, 401, 429 …); a job's own failure has none. */
export type GenerationFailure = { error: ShownError; status?: number };

/** The start's answer: every image asked for (its variations) as a job and its pending generation; `job` is the first. */
type StartedGenerations = { job: JobDto; jobs: JobDto[]; generations: GenerationDto[] };

/** What differs between generator pages: their job kind, history, start route and running note. */
export type GenerationJobSource<TInput> = {
  kind: JobKind;
  history: GenerationHistorySource;
  /** POST route answering 202 { job, jobs, generations }. */
  startPath: string;
  /** The running note for a request being sent (from the form) and for a running job (from its stored settings). */
  noteOf?: { input: (input: TInput) => string | undefined; generation: (generation: GenerationDto) => string | undefined };
};

const unreachable: ClientError = { code: "offline", message: "The studio could not be reached. Check your connection and try again." };
const failedWithoutReason: ShownError = { code: "internal_error", message: "The generation stopped without saying why." };

function refusalOf(error: unknown): GenerationFailure {
  return isApiError(error) ? { error: error.error, status: error.status } : { error: unreachable };
}

// Generations run as server jobs (issue 9): the POST answers 202 at once with the job and its
// pending generation, the job's progress comes from the jobs list (components/jobs), and leaving the
// page never stops it. The form follows one job: the one it started last or, when the page opens,
// the newest one of its kind still running (after a reload, or coming back from another page).
export function useGenerationJob<TInput>(source: GenerationJobSource<TInput>) {
  const { kind, history: historySource, startPath, noteOf } = source;
  const queryClient = useQueryClient();
  const jobs = useJobs();
  const history = useGenerationHistory(historySource);
  const { mutate: cancelJob, variables: cancelledId, isError: cancelRefused } = useCancelJob();
  const { mutateAsync: runAgainJob } = useRunAgain();
  const [followedId, setFollowedId] = useState<string | null>(null);
  const [reattached, setReattached] = useState(false);
  const [sending, setSending] = useState<{ since: number; note?: string } | null>(null);
  const [refusal, setRefusal] = useState<GenerationFailure | null>(null);
  const followed = useJob(followedId);

  // Once, when the jobs list first arrives (state adjusted during render, React's pattern for it).
  if (!reattached && jobs.data) {
    setReattached(true);
    const newestRunning = jobs.data.find((job) => job.kind === kind && isActiveJobState(job.state));
    if (newestRunning && followedId === null) setFollowedId(newestRunning.id);
  }

  const follow = useCallback(async (start: () => Promise<JobDto>, note?: string) => {
    setFollowedId(null);
    setRefusal(null);
    setSending({ since: Date.now(), note });
    try {
      setFollowedId((await start()).id);
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setSending(null);
    }
  }, []);

  const generate = useCallback(
    (input: TInput) =>
      follow(async () => {
        const { job, jobs, generations } = await api<StartedGenerations>(startPath, { method: "POST", json: input });
        for (const started of jobs) rememberJob(queryClient, started);
        // Last first, so the set reads in the order it was asked for.
        for (const generation of [...generations].reverse()) prependGeneration(queryClient, historySource.key, generation);
        return job;
      }, noteOf?.input(input)),
    [follow, queryClient, startPath, historySource.key, noteOf],
  );

  /** A new job with the settings (and seed) of a failed or interrupted one; the form follows it. */
  const runAgain = useCallback((jobId: string) => follow(async () => (await runAgainJob(jobId)).job), [follow, runAgainJob]);

  const generation = followed?.generationId ? historyItems(history.data).find((item) => item.id === followed.generationId) : undefined;
  const running: RunningGeneration | null = sending
    ? { stage: "sending", position: null, startedAt: sending.since, note: sending.note }
    : followed && isActiveJobState(followed.state)
      ? { stage: followed.state, position: followed.queuePosition, startedAt: Date.parse(followed.createdAt), note: generation ? noteOf?.generation(generation) : undefined }
      : null;
  const jobFailed = followed?.state === "failed" || followed?.state === "interrupted";
  const failure: GenerationFailure | null = refusal ?? (jobFailed ? { error: followed.error ?? failedWithoutReason } : null);

  return {
    running,
    failure,
    cancelled: followed?.state === "cancelled",
    /** The followed job, when it failed in a way "Run again" can repeat. */
    repeatableJobId: jobFailed && followed.canRunAgain ? followed.id : null,
    generate,
    runAgain,
    /** Cancel was pressed and the runner has not stopped yet (usually under a second). */
    cancelling: running !== null && followedId !== null && cancelledId === followedId && !cancelRefused,
    cancel: useCallback(() => {
      if (followedId) cancelJob(followedId);
    }, [cancelJob, followedId]),
    dismiss: useCallback(() => {
      setRefusal(null);
      setFollowedId(null);
    }, []),
  };
}
