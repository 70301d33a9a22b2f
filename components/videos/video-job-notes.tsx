import { FailureRequestId } from "@/components/errors/failure-request-id";
import { LocalTime } from "@/components/ui/local-time";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import { videoFailureTitle } from "./video-error-copy";

/** An ended job's error as the service reported it (spec 7.3): title, its own sentence, the code, the field at fault and the request id. */
export function VideoJobError({ error }: { error: NonNullable<VideoJobDto["error"]> }) {
  return (
    <div role="alert" className="space-y-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-[13px] text-red-900 dark:border-red-500/25 dark:bg-red-500/10 dark:text-red-100" data-testid="video-job-error">
      <p className="font-medium">{videoFailureTitle(error.code, "The job failed")}</p>
      <p className="break-words opacity-90">{error.message}</p>
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs opacity-80">
        <span>
          Code <span className="font-mono">{error.code}</span>
        </span>
        {error.param ? (
          <span>
            Field <span className="font-mono">{error.param}</span>
          </span>
        ) : null}
      </p>
      {error.requestId ? <FailureRequestId requestId={error.requestId} /> : null}
    </div>
  );
}

/** The service's non-fatal warnings (spec 2.5: long duration, high step count …). */
export function VideoJobWarnings({ warnings }: { warnings: VideoJobDto["warnings"] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-xs text-amber-800 dark:text-amber-300" data-testid="video-job-warnings">
      {warnings.map((warning) => (
        <li key={`${warning.code}-${warning.message}`} className="flex gap-1.5">
          <span aria-hidden>⚠</span>
          <span>
            {warning.message} <span className="font-mono opacity-70">({warning.code})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** What the studio did to the inputs before sending them (a keyframe cropped to the supported size, spec 8). */
export function VideoJobPreparation({ preparation }: { preparation: VideoJobDto["preparation"] }) {
  if (preparation.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-xs text-zinc-600 dark:text-zinc-400" data-testid="video-job-preparation">
      {preparation.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

/** A job deleted on the video service whose archived copy the designer kept. */
export function UpstreamDeletedNote({ job }: { job: Pick<VideoJobDto, "upstreamDeletedAt"> }) {
  if (!job.upstreamDeletedAt) return null;
  return (
    <p className="text-xs text-muted" data-testid="video-job-upstream-deleted">
      Deleted from the video service on <LocalTime iso={job.upstreamDeletedAt} format="date" />; the studio’s copy is kept.
    </p>
  );
}
