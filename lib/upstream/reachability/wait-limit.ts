/**
 * How long a job waits for an unreachable service (an image job for the image service, a video's
 * submit for the video agent) before it fails as `upstream_unreachable`. An outage longer than this is no longer a blip: the designer is better
 * told, and runs the job again once the service is back.
 */
export const UNREACHABLE_WAIT_LIMIT_MS = 30 * 60_000;
