import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { videoAgentClient } from "@/lib/upstream/clients";
import { isVideoApiError } from "@/lib/upstream/video/errors";
import { recordFields } from "./apply-record";
import { getOwnedVideo, videoDto } from "./list-videos";
import { saveVideo } from "./save-video";
import type { VideoJobDto } from "./video-dto";
import { videoServiceFailure } from "./video-service-failure";

const RUNNING_MESSAGE = "A video that is generating cannot be cancelled: the video service refuses it (409 cannot_cancel). It runs to its end; delete it then if you do not want it.";

/**
 * The owner's Cancel (spec 3.1): a job not yet sent ends here; a queued one is cancelled on the agent
 * (DELETE) and ends as the agent says; a running one cannot be, and the answer says why.
 */
export async function cancelVideo(user: CurrentUser, id: string): Promise<VideoJobDto> {
  const video = await getOwnedVideo(user, id);
  if (video.status === "submitting" && !video.submitSentAt) {
    const saved = await saveVideo(video, { status: "canceled", errorCode: null, errorMessage: null, nextPollAt: null, completedAt: new Date() }, { submitSentAt: null });
    // The worker sent it in the meantime: cancel what the agent now has.
    if (!saved) return cancelVideo(user, id);
    return videoDto(await getOwnedVideo(user, id));
  }
  if (video.status === "running" || video.status === "archiving") throw new AppError("cannot_cancel", RUNNING_MESSAGE);
  if (video.status === "submitting" || video.status === "reconciling") {
    throw new AppError("cannot_cancel", "The studio is still finding out whether the video service received this job; cancel it once it shows as queued.");
  }
  if (video.status !== "queued" || !video.upstreamId) return videoDto(video);
  try {
    const { record } = await videoAgentClient().remove(video.upstreamId);
    await saveVideo(video, record ? { ...recordFields(record), nextPollAt: null } : { status: "canceled", nextPollAt: null, queuePosition: null });
  } catch (error) {
    if (isVideoApiError(error) && error.code === "cannot_cancel") {
      // It started running meanwhile: the worker's next poll records that.
      throw new AppError("cannot_cancel", RUNNING_MESSAGE);
    }
    throw videoServiceFailure(error, "video agent", "cancel the job");
  }
  return videoDto(await getOwnedVideo(user, id));
}
