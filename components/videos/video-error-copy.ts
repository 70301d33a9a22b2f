import { describeFailure } from "@/components/errors/error-copy";

// Titles of the video service's failures (spec 7.3 codes, and the studio's own refusals of a video
// submit), over the failure's own sentence. Codes the image pages know keep their wording
// (components/errors/error-copy). Pure.

const VIDEO_TITLES = new Map<string, string>([
  ["partition_unusable", "The video service has another mode loaded"],
  ["partition_switching", "The video service is switching mode"],
  ["partition_detect_failed", "The video service cannot tell its mode"],
  ["partition_mismatch", "The video service has another mode loaded"],
  ["queue_full", "The video service's queue is full"],
  ["upstream_unreachable", "The video agent is unreachable"],
  ["moderation_unavailable", "Content checks are unavailable right now"],
  ["cannot_cancel", "A running job cannot be cancelled"],
  ["content_not_ready", "The result is not ready yet"],
  ["generation_failed", "The video could not be generated"],
  ["media_invalid", "An input file was refused"],
  ["media_fetch_failed", "The video service could not fetch an input file"],
  ["media_too_large", "An input file is too large"],
  ["not_found", "The video service no longer knows this job"],
]);

/** The title of why a job not sent yet waits (VideoJobDto `hold`), by its code. */
export function videoHoldTitle(code: string): string {
  return videoFailureTitle(code, "The job waits to be sent");
}

/** The title of a video failure with its code; `fallback` names what failed when the code is unknown. */
export function videoFailureTitle(code: string, fallback: string): string {
  const own = VIDEO_TITLES.get(code);
  if (own) return own;
  const shared = describeFailure(code, null);
  return shared.title === describeFailure(null, null).title ? fallback : shared.title;
}
