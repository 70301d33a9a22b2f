"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { heldReason } from "@/components/jobs/job-status";
import { rememberJob, useCancelJob, useJob, useJobs, useRunAgain } from "@/components/jobs/use-jobs";
import { api, isApiError } from "@/lib/client/api";
import type { ClientError } from "@/lib/error-codes";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { isActiveJobState, type ActiveJobState, type JobDto, type JobKind } from "@/lib/jobs/job-dto";
import { historyItems, prependGeneration, useGenerationHistory } from "./generation-history";
import type { GenerationHistorySource } from "./generation-history-query";

/** Where the followed request stands: still being sent, or its job's state. */
export type RunningGeneration = {
  stage: "sending" | ActiveJobState;
  /** Place in the studio's line (1 = next) while the job waits for the model. */
  position: number | null;
  /** When the request was made (the job's createdAt), so the clock survives a reload. */
  startedAt: number;
  /** A setting of this request that makes it take longer (alpha's prompt rewriting), said while it runs. */
  note?: string;
  /** Why the job is held other than by its place in line (an unreachable service); null otherwise. */
  held?: string | null;
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

/** One image of a followed variation set: its job (undefined until the jobs list has it) and its thumbnail once stored. */
export type FollowedVariation = { jobId: string; job: JobDto | undefined; thumbnailUrl: string | null };

// Generations run as server jobs: the POST answers 202 at once with the job and its
// pending generation, the job's progress comes from the jobs list (components/jobs), and leaving the
// page never stops it. The form follows what it started last (every job of a variation set) or,
// when the page opens, the newest request of its kind still running (after a reload, or coming back
// from another page), unless the designer has already asked for something before the jobs list
// arrived: their own request, or its refusal, is what the form shows.
export function useGenerationJob<TInput>(source: GenerationJobSource<TInput>) {
  const { kind, history: historySource, startPath, noteOf } = source;
  const queryClient = useQueryClient();
  const jobs = useJobs();
  const history = useGenerationHistory(historySource);
  const { mutate: cancelJob, variables: cancelledId, isError: cancelRefused } = useCancelJob();
  const { mutateAsync: runAgainJob } = useRunAgain();
  const [followedIds, setFollowedIds] = useState<string[]>([]);
  const followedId = followedIds[0] ?? null;
  const [reattached, setReattached] = useState(false);
  const [sending, setSending] = useState<{ since: number; note?: string } | null>(null);
  const [refusal, setRefusal] = useState<GenerationFailure | null>(null);
  const followed = useJob(followedId);

  // Once, when the jobs list first arrives (state adjusted during render, React's pattern for it).
  if (!reattached && jobs.data) {
    setReattached(true);
    const newestRunning = jobs.data.find((job) => job.kind === kind && isActiveJobState(job.state));
    if (newestRunning && followedId === null) setFollowedIds(requestOf(newestRunning, jobs.data));
  }

  const follow = useCallback(async (start: () => Promise<JobDto[]>, note?: string) => {
    setReattached(true);
    setFollowedIds([]);
    setRefusal(null);
    setSending({ since: Date.now(), note });
    try {
      setFollowedIds((await start()).map((job) => job.id));
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setSending(null);
    }
  }, []);

  const generate = useCallback(
    (input: TInput) =>
      follow(async () => {
        const { jobs, generations } = await api<StartedGenerations>(startPath, { method: "POST", json: input });
        for (const started of jobs) rememberJob(queryClient, started);
        // Last first, so the set reads in the order it was asked for.
        for (const generation of [...generations].reverse()) prependGeneration(queryClient, historySource.key, generation);
        return jobs;
      }, noteOf?.input(input)),
    [follow, queryClient, startPath, historySource.key, noteOf],
  );

  /**
   * A new job with the settings (and seed) of a failed or interrupted one. The form follows it: in
   * the place of the failed image when that was one of a followed set, else on its own.
   */
  const runAgain = useCallback(
    async (jobId: string) => {
      if (followedIds.length < 2 || !followedIds.includes(jobId)) return follow(async () => [(await runAgainJob(jobId)).job]);
      try {
        const { job } = await runAgainJob(jobId);
        setFollowedIds((ids) => ids.map((id) => (id === jobId ? job.id : id)));
      } catch (error) {
        setRefusal(refusalOf(error));
      }
    },
    [follow, followedIds, runAgainJob],
  );

  const items = historyItems(history.data);
  const jobById = new Map((jobs.data ?? []).map((job) => [job.id, job]));
  const variations: FollowedVariation[] | null =
    followedIds.length > 1
      ? followedIds.map((jobId) => {
          const job = jobById.get(jobId);
          const made = job?.generationId ? items.find((item) => item.id === job.generationId) : undefined;
          return { jobId, job, thumbnailUrl: made?.images[0]?.thumbnailUrl ?? null };
        })
      : null;
  // A set is followed image by image (its own progress); one image by the job's steps.
  const single = variations === null ? followed : undefined;
  const generation = single?.generationId ? items.find((item) => item.id === single.generationId) : undefined;
  const running: RunningGeneration | null = sending
    ? { stage: "sending", position: null, startedAt: sending.since, note: sending.note }
    : single && isActiveJobState(single.state)
      ? {
          stage: single.state,
          position: single.queuePosition,
          startedAt: Date.parse(single.createdAt),
          note: generation ? noteOf?.generation(generation) : undefined,
          held: heldReason(single),
        }
      : null;
  const jobFailed = single?.state === "failed" || single?.state === "interrupted";
  const failure: GenerationFailure | null = refusal ?? (jobFailed ? { error: single.error ?? failedWithoutReason } : null);

  return {
    running,
    failure,
    cancelled: single?.state === "cancelled",
    /** Every image of the followed variation set; null when one image is followed. */
    variations: sending ? null : variations,
    /** The followed job, when it failed in a way "Run again" can repeat. */
    repeatableJobId: jobFailed && single.canRunAgain ? single.id : null,
    generate,
    runAgain,
    /** Cancel was pressed and the runner has not stopped yet (usually under a second). */
    cancelling: running !== null && followedId !== null && cancelledId === followedId && !cancelRefused,
    cancel: useCallback(() => {
      if (followedId) cancelJob(followedId);
    }, [cancelJob, followedId]),
    /** Stops every image of the followed set that is still running. */
    cancelSet: useCallback(() => {
      for (const job of jobs.data ?? []) if (followedIds.includes(job.id) && isActiveJobState(job.state)) cancelJob(job.id);
    }, [cancelJob, followedIds, jobs.data]),
    dismiss: useCallback(() => {
      setRefusal(null);
      setFollowedIds([]);
    }, []),
  };
}

/** The jobs one request made: a variation set's, in the order they were asked for, or the job alone. */
function requestOf(job: JobDto, list: JobDto[]): string[] {
  if (!job.variationSetId) return [job.id];
  return list
    .filter((candidate) => candidate.variationSetId === job.variationSetId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((candidate) => candidate.id);
}
