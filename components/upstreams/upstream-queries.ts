// The upstream services' reachability, read by the shell's notice, the forms and the admin page
// through one query, so a page asks once however many of them it shows.
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { UpstreamReachabilityAnswer } from "@/lib/upstream/reachability/reachability-dto";

/** The worker probes an unreachable service every 15 s: reading more often would show nothing new. */
const REACHABILITY_POLL_MS = 15_000;

/** GET /api/upstreams. */
export function upstreamReachabilityQuery() {
  return queryOptions({
    queryKey: ["upstreams", "reachability"],
    queryFn: async ({ signal }) => (await api<UpstreamReachabilityAnswer>("/api/upstreams", { signal })).upstreams,
    refetchInterval: REACHABILITY_POLL_MS,
  });
}
