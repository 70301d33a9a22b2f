/**
 * How long an image job waits for an unreachable image service before it fails as
 * `upstream_unreachable`. An outage longer than this is no longer a blip: the designer is better
 * told, and runs the job again once the service is back.
 */
export const UNREACHABLE_WAIT_LIMIT_MS = 30 * 60_000;
