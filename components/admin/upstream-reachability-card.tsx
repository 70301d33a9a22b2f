"use client";

import { useQuery } from "@tanstack/react-query";
import { Card } from "@/components/ui/card";
import { upstreamReachabilityQuery } from "@/components/upstreams/upstream-queries";
import { UPSTREAM_SERVICE_LABELS } from "@/lib/upstream/reachability/services";
import { formatClock } from "./video-format";
import { HealthBadge } from "./video-health-badge";

// What every studio process knows of each upstream's reachability (from its calls and the worker's
// probe), and since when: the moment an outage began is what an admin compares with the service's logs.
export function UpstreamReachabilityCard() {
  const upstreams = useQuery(upstreamReachabilityQuery()).data;
  return (
    <Card className="space-y-3 p-5" data-testid="upstream-reachability-card">
      <h2 className="text-sm font-semibold">Reachability</h2>
      {upstreams ? (
        <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800" aria-label="Reachability">
          {upstreams.map((state) => (
            <li key={state.service} className="flex flex-wrap items-center justify-between gap-2 py-1.5" data-testid={`reachability-${state.service}`}>
              <span className="first-letter:uppercase">{UPSTREAM_SERVICE_LABELS[state.service]}</span>
              <span className="flex items-center gap-2 text-xs text-muted tabular-nums">
                {state.since ? `since ${formatClock(state.since)}` : "not called yet"}
                {state.lastErrorCode ? ` · last failure ${state.lastErrorCode}` : ""}
                <HealthBadge state={state.reachable ? "ok" : "unreachable"} label={state.reachable ? "reachable" : "unreachable"} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Reading…</p>
      )}
    </Card>
  );
}
