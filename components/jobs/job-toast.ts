// Pure: the toast a finished job earns, when the designer is elsewhere.
import { describeFailure } from "@/components/errors/error-copy";
import type { Toast } from "@/components/ui/toast-region";
import type { JobDto } from "@/lib/jobs/job-dto";
import { isOnResultPage } from "./result-page";

const isVideo = (job: JobDto) => job.kind === "video";

/** A toast for a job that succeeded or failed while the page showing its result is not open; none otherwise. */
export function toastForFinishedJob(job: JobDto, pathname: string): Toast | undefined {
  if (isOnResultPage(job.href, pathname)) return undefined;
  if (job.state === "succeeded") {
    return { id: job.id, tone: "success", title: isVideo(job) ? "Video ready" : "Image ready", subject: job.label, action: { label: "Open", href: job.href } };
  }
  if (job.state === "failed") {
    const { title } = describeFailure(job.error?.code, job.error?.message);
    return { id: job.id, tone: "danger", title: isVideo(job) ? "Video failed" : "Generation failed", detail: title, subject: job.label, action: { label: "Open", href: job.href } };
  }
  return undefined;
}
