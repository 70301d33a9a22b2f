"use client";

import { useQuery } from "@tanstack/react-query";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RetryAlert } from "@/components/ui/retry-alert";
import type { AgentHealthDto } from "@/lib/videos/admin-video-dto";
import { videoHealthQuery } from "./video-admin-queries";
import { formatClock } from "./video-format";
import { HealthBadge, HealthNotice } from "./video-health-badge";

// Spec 2.7: the agent's /healthz — each dependency, the queue against its capacity, the loaded mode.
// A 503 is the agent reporting itself degraded, shown as such.
export function VideoHealthCard() {
  const query = useQuery(videoHealthQuery());
  const health = query.data;
  return (
    <Card className="space-y-4 p-5" data-testid="video-health-card">
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 className="text-sm font-semibold">Agent health</h2>
          {health ? <HealthBadge state={health.agent.state} testId="agent-health-state" /> : null}
        </div>
        <Button size="sm" variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {query.isFetching ? "Checking…" : "Refresh"}
        </Button>
      </div>

      {query.error ? (
        <RetryAlert title="The health could not be read" onRetry={() => void query.refetch()}>
          {query.error.message}
        </RetryAlert>
      ) : null}
      {!health && !query.error ? <p className="text-sm text-muted">Checking the video agent…</p> : null}

      {health ? (
        <>
          <HealthNotice health={health.agent} service="agent" />
          {health.agent.state === "unreachable" ? null : <AgentDetails agent={health.agent} />}
          <p className="text-xs text-muted tabular-nums">Last checked {formatClock(health.checkedAt)}</p>
        </>
      ) : null}
    </Card>
  );
}

function AgentDetails({ agent }: { agent: AgentHealthDto }) {
  return (
    <>
      <div>
        <h3 className="mb-1.5 text-xs font-medium tracking-wide text-muted uppercase">Dependencies</h3>
        {agent.dependencies.length === 0 ? (
          <p className="text-sm text-muted">The agent reported none.</p>
        ) : (
          <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800" aria-label="Dependencies">
            {agent.dependencies.map((dependency) => (
              <li key={dependency.name} className="flex items-center justify-between py-1.5" data-testid={`dependency-${dependency.name}`}>
                <span>{dependency.name}</span>
                <HealthBadge state={dependency.status === "ok" ? "ok" : "degraded"} label={dependency.status} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <QueueUsage queued={agent.queue.queued} limit={agent.queue.limit} />
      <p className="text-sm">
        <span className="text-muted">Loaded mode: </span>
        <span className="font-mono">{agent.partition || "none"}</span>
      </p>
      {agent.state === "degraded" && agent.dependencies.some((dependency) => dependency.name === "moderation" && dependency.status !== "ok") ? (
        <Alert title="Submissions are refused while moderation is degraded">The agent answers new video jobs with 503 moderation_unavailable until it recovers.</Alert>
      ) : null}
    </>
  );
}

// Spec 2.7 `queue.queued` against `queue.limit`: at the limit, submissions get 429 queue_full (spec 7.3).
function QueueUsage({ queued, limit }: { queued: number | null; limit: number | null }) {
  if (queued === null) return <p className="text-sm text-muted">The agent did not report its queue.</p>;
  const share = limit ? Math.min(1, queued / limit) : 0;
  const colour = share >= 1 ? "bg-red-500" : share >= 0.75 ? "bg-amber-500" : "bg-accent-600";
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-sm">
        <span className="text-muted">Queue</span>
        <span className="tabular-nums" data-testid="queue-usage">
          {limit === null ? `${queued} queued (no limit reported)` : `${queued} of ${limit} queued`}
        </span>
      </div>
      {limit ? (
        <div role="progressbar" aria-label="Queue usage" aria-valuemin={0} aria-valuemax={limit} aria-valuenow={queued} className="h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
          <div className={`h-full rounded-full ${colour}`} style={{ width: `${share * 100}%` }} />
        </div>
      ) : null}
      {limit !== null && queued >= limit ? <p className="text-xs text-red-600 dark:text-red-400">The queue is full: new submissions are refused (queue_full) until jobs start.</p> : null}
    </div>
  );
}
