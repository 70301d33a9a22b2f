"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { MutationError } from "@/components/ui/mutation-error";
import { RetryAlert } from "@/components/ui/retry-alert";
import { Spinner } from "@/components/ui/spinner";
import { useNow } from "@/components/ui/use-now";
import { api } from "@/lib/client/api";
import { formatElapsed } from "@/lib/client/format-elapsed";
import { PARTITION_MODES, type PartitionMode } from "@/lib/upstream/video/limits";
import type { PartitionSwitchAnswer } from "@/lib/videos/admin-video-dto";
import { PARTITION_POLL_SECONDS } from "@/lib/videos/partition-switch-outcome";
import type { PartitionDto } from "@/lib/videos/video-dto";
import { adminPartitionQuery, partitionSettled } from "./video-admin-queries";
import { formatClock } from "./video-format";

const STATE_TONES = { ready: "success", switching: "accent", conflicted: "danger", error: "danger" } as const;

// Spec 2.6, 3.2: the loaded mode, a switch per mode with its outcome explained, and a poll every 12 s
// while the partition is not ready.
export function VideoPartitionCard() {
  const queryClient = useQueryClient();
  const query = useQuery(adminPartitionQuery());
  const [confirming, setConfirming] = useState<PartitionMode | null>(null);
  const [answer, setAnswer] = useState<{ mode: PartitionMode; answer: PartitionSwitchAnswer } | null>(null);
  // When the switch started: exactly, when this page asked for it; else when the page first saw it.
  const [switchingSince, setSwitchingSince] = useState<{ at: number; exact: boolean } | null>(null);
  const switchTo = useMutation({
    mutationFn: (mode: PartitionMode) => api<PartitionSwitchAnswer>("/api/admin/video/partition", { method: "POST", json: { partition: mode } }),
    onSuccess: (result, mode) => {
      queryClient.setQueryData(adminPartitionQuery().queryKey, result.partition);
      setAnswer({ mode, answer: result });
      if (result.outcome === "accepted") setSwitchingSince({ at: Date.now(), exact: true });
    },
    onSettled: () => setConfirming(null),
  });

  const partition = query.data;
  const switching = partition?.state === "switching";
  if (switching && switchingSince === null) setSwitchingSince({ at: query.dataUpdatedAt, exact: false });
  if (partition && !switching && switchingSince !== null) setSwitchingSince(null);

  return (
    <Card className="space-y-4 p-5" data-testid="video-partition-card">
      <div className="flex items-center justify-between gap-3">
        <div>
          <h2 className="text-sm font-semibold">Partition</h2>
          <p className="mt-0.5 text-xs text-muted">The mode the video service has loaded: first / last frame (fl2va) or references (ref2va). Text to video runs in either.</p>
        </div>
        {partition ? (
          <span data-testid="partition-state">
            <Badge tone={STATE_TONES[partition.state]}>{partition.state}</Badge>
          </span>
        ) : null}
      </div>

      {query.error && !partition ? (
        <RetryAlert title="The partition could not be read" onRetry={() => void query.refetch()}>
          {query.error.message}
        </RetryAlert>
      ) : null}
      {!partition && !query.error ? <p className="text-sm text-muted">Reading the partition…</p> : null}

      {partition ? (
        <>
          <PartitionFacts partition={partition} />
          {switching && switchingSince !== null ? <SwitchingNotice since={switchingSince.at} exact={switchingSince.exact} /> : null}
          {query.error ? (
            <Alert title="The last check failed">{query.error.message} The values above are from {formatClock(partition.checkedAt)}.</Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {(partition.allowed.length ? partition.allowed : PARTITION_MODES).map((mode) => {
              const loaded = partition.current === mode && partitionSettled(partition);
              return (
                <Button key={mode} size="sm" variant={loaded ? "secondary" : "primary"} disabled={loaded || switchTo.isPending} onClick={() => setConfirming(mode)}>
                  {loaded ? `${mode} loaded` : `Switch to ${mode}`}
                </Button>
              );
            })}
          </div>
          {answer ? <SwitchAnswer mode={answer.mode} answer={answer.answer} partition={partition} onDismiss={() => setAnswer(null)} /> : null}
        </>
      ) : null}

      <MutationError mutation={switchTo} title="The switch was not requested" />

      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} title={`Switch to ${confirming ?? ""}?`}>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The video service unloads {partition?.current || "its current mode"} and loads {confirming}. While it switches, nobody can submit videos (submissions are held), and
          jobs that need the other mode cannot run until it is switched back. The service refuses the switch while jobs are queued or running.
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Keep {partition?.current || "it"}
          </Button>
          <Button disabled={switchTo.isPending || confirming === null} onClick={() => confirming && switchTo.mutate(confirming)}>
            {switchTo.isPending ? "Asking…" : `Switch to ${confirming ?? ""}`}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}

function PartitionFacts({ partition }: { partition: PartitionDto }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      <dt className="text-muted">Loaded mode</dt>
      <dd className="font-mono" data-testid="partition-current">
        {partition.current || "none"}
      </dd>
      <dt className="text-muted">Ready</dt>
      <dd data-testid="partition-ready">{partition.ready ? "yes" : "no"}</dd>
      <dt className="text-muted">Allowed modes</dt>
      <dd className="font-mono">{partition.allowed.join(", ") || "none reported"}</dd>
      <dt className="text-muted">Checked</dt>
      <dd className="tabular-nums">{formatClock(partition.checkedAt)}</dd>
    </dl>
  );
}

function SwitchingNotice({ since, exact }: { since: number; exact: boolean }) {
  const now = useNow(1000);
  return (
    <div role="status" className="flex items-center gap-3 rounded-xl border border-accent-100 bg-accent-50 p-3.5 text-sm text-accent-700 dark:border-accent-500/30 dark:bg-accent-500/10 dark:text-accent-400" data-testid="partition-switching">
      <Spinner />
      <div>
        <p className="font-medium">Switching… submissions are held</p>
        <p className="text-xs tabular-nums opacity-90">
          {exact ? "For" : "Seen switching for"} {formatElapsed(now - since)}; checked again every {PARTITION_POLL_SECONDS} seconds until it is ready.
        </p>
      </div>
    </div>
  );
}

function SwitchAnswer({ mode, answer, partition, onDismiss }: { mode: PartitionMode; answer: PartitionSwitchAnswer; partition: PartitionDto; onDismiss: () => void }) {
  const done = answer.outcome === "accepted" && partitionSettled(partition) && partition.current === mode;
  const refused = answer.outcome === "switching" || answer.outcome === "pending_jobs";
  const title = done
    ? `${mode} is loaded and ready`
    : refused
      ? `The switch to ${mode} was refused`
      : answer.outcome === "accepted"
        ? `Switching to ${mode}`
        : "Nothing to switch";
  return (
    <div data-testid="partition-outcome" data-outcome={done ? "done" : answer.outcome}>
      <Alert tone={refused ? "warning" : "info"} title={title} onDismiss={onDismiss}>
        {done ? "The switch finished; video submissions are open again." : answer.message}
      </Alert>
    </div>
  );
}
