import type { FollowedVariation, GenerationFailure, RunningGeneration, useGenerationJob } from "./use-generation-job";

/** The followed request as the form's foot shows it (components/images/generator-form). */
export type FollowedRequest = {
  running: RunningGeneration | null;
  cancelling: boolean;
  failure: GenerationFailure | null;
  cancelled: boolean;
  onCancel: () => void;
  /** Set when the failed job can be repeated with its own settings. */
  onRunAgain?: () => void;
  onDismiss: () => void;
  /** Every image of a followed variation set, each with its own state; null for one image. */
  variations: FollowedVariation[] | null;
  onCancelSet: () => void;
  /** Repeats one failed image of the set, which the set then follows in its place. */
  onRunAgainVariation: (jobId: string) => void;
};

type FollowedJob = Pick<
  ReturnType<typeof useGenerationJob>,
  "running" | "cancelling" | "failure" | "cancelled" | "cancel" | "cancelSet" | "dismiss" | "repeatableJobId" | "runAgain" | "variations"
>;

/** What every generator page hands its form from useGenerationJob. */
export function followedRequest(job: FollowedJob): FollowedRequest {
  const { repeatableJobId } = job;
  return {
    running: job.running,
    cancelling: job.cancelling,
    failure: job.failure,
    cancelled: job.cancelled,
    onCancel: job.cancel,
    onRunAgain: repeatableJobId ? () => void job.runAgain(repeatableJobId) : undefined,
    onDismiss: job.dismiss,
    variations: job.variations,
    onCancelSet: job.cancelSet,
    onRunAgainVariation: (jobId) => void job.runAgain(jobId),
  };
}
