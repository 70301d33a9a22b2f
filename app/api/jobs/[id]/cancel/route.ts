import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { cancelJob } from "@/lib/jobs/cancel-job";
import { getOwnedJob } from "@/lib/jobs/list-jobs";
import { toJobDto } from "@/lib/jobs/to-job-dto";
import { cancelVideo } from "@/lib/videos/cancel-video";

// The owner's Cancel. The answer may still show the job active: it ends as cancelled once its runner
// has stopped the upstream call, and the jobs stream says so. A video job is cancelled on the video
// agent (spec 3.1: only while queued; a running one answers 409 cannot_cancel), which its job follows.
export const POST = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  const job = await getOwnedJob(user, params.id);
  if (job.kind === "video" && job.videoJobId) {
    await cancelVideo(user, job.videoJobId);
    return Response.json(toJobDto(await getOwnedJob(user, params.id)));
  }
  return Response.json(await cancelJob(user, params.id));
}, { tokens: "images:generate" });
