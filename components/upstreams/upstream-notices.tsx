"use client";

import { useQuery } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { UPSTREAM_SERVICE_LABELS, type UpstreamService } from "@/lib/upstream/reachability/services";
import { upstreamReachabilityQuery } from "./upstream-queries";

/** The sentence for a service that cannot be reached, e.g. "The image service is unreachable since 14:05". */
function unreachableSince(service: UpstreamService, since: string | null): string {
  const label = UPSTREAM_SERVICE_LABELS[service];
  const time = since ? ` since ${new Date(since).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}` : "";
  return `${label[0].toUpperCase()}${label.slice(1)} is unreachable${time}`;
}

// Says before the click that `services` cannot be reached now. The buttons stay as they are: the
// state is seconds old at best, and a start that fails says why.
export function UpstreamNotices({ services, testId }: { services: readonly UpstreamService[]; testId: string }) {
  const upstreams = useQuery(upstreamReachabilityQuery()).data ?? [];
  const down = upstreams.filter((state) => !state.reachable && services.includes(state.service));
  if (down.length === 0) return null;
  return (
    <div className="space-y-2" data-testid={testId}>
      {down.map((state) => (
        <Alert key={state.service} title={unreachableSince(state.service, state.since)}>
          Work that needs it waits or fails with this reason until it is back; the studio notices its return by itself.
        </Alert>
      ))}
    </div>
  );
}
