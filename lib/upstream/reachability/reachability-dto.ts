// GET /api/upstreams: each upstream service's reachability, for the shell, the forms and the admin
// page, and the name of the job stream's event that says they changed.
import type { UpstreamService } from "./services";

export type UpstreamReachabilityDto = {
  service: UpstreamService;
  reachable: boolean;
  /** When the current state began; null while the studio has not heard from the service yet. */
  since: string | null;
  checkedAt: string | null;
  /** The connection failure last seen (e.g. ECONNREFUSED), kept after the service returns. */
  lastErrorCode: string | null;
};

/**
 * The job stream's event (no data) that tells a page an upstream service's reachability changed:
 * it reads GET /api/upstreams again at once instead of at its next poll.
 */
export const UPSTREAMS_CHANGED_EVENT_NAME = "upstreams";

/** `probeTickMs`: how often the worker probes an unreachable service, so readers need not ask more often. */
export type UpstreamReachabilityAnswer = { upstreams: UpstreamReachabilityDto[]; probeTickMs: number };
