// GET /api/upstreams: each upstream service's reachability, for the shell, the forms and the admin
// page. Type-only for the browser.
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

/** `probeTickMs`: how often the worker probes an unreachable service, so readers need not ask more often. */
export type UpstreamReachabilityAnswer = { upstreams: UpstreamReachabilityDto[]; probeTickMs: number };
