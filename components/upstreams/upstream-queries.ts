// The upstream services' reachability, read by the shell's notice, the forms and the admin page
// through one query, so a page asks once however many of them it shows.
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { UpstreamReachabilityAnswer } from "@/lib/upstream/reachability/reachability-dto";

/** Until the first answer says how often the worker probes. */
const FIRST_POLL_MS = 15_000;

/** GET /api/upstreams. */
export function upstreamReachabilityQuery() {
  return queryOptions({
    queryKey: ["upstreams", "reachability"],
    queryFn: ({ signal }) => api<UpstreamReachabilityAnswer>("/api/upstreams", { signal }),
    select: (answer) => answer.upstreams,
    // The worker probes an unreachable service once a tick: reading more often would show nothing new.
    refetchInterval: (query) => query.state.data?.probeTickMs ?? FIRST_POLL_MS,
  });
}
