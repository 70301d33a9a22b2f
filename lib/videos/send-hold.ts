import type { VideoJob } from "@/lib/generated/prisma/client";

type HoldFields = Pick<VideoJob, "status" | "submitSentAt" | "errorCode" | "nextPollAt">;

/**
 * A job not sent yet that waits to be sent again: the agent refused it with a full queue or as
 * unavailable (spec 7.3: nothing was created), or could not be reached. Its error says why, and its
 * next poll is when the studio tries again. A send in flight is not a hold.
 */
export function isHeldBeforeSend<T extends HoldFields>(video: T): video is T & { errorCode: string; nextPollAt: Date } {
  return video.status === "submitting" && video.submitSentAt === null && video.errorCode !== null && video.nextPollAt !== null;
}
