import type { GenerationFailure, RunningGeneration, useGenerationJob } from "./use-generation-job";

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
};

type FollowedJob = Pick<ReturnType<typeof useGenerationJob>, "running" | "cancelling" | "failure" | "cancelled" | "cancel" | "dismiss" | "repeatableJobId" | "runAgain">;

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
  };
}
