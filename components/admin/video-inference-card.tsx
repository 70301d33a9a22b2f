"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Card } from "@/components/ui/card";
import { videoHealthQuery } from "./video-admin-queries";
import { HealthBadge, HealthNotice } from "./video-health-badge";
import { VideoInferenceJob } from "./video-inference-job";
import { VideoInferenceRunForm } from "./video-inference-run-form";

// Spec 4.5: the inference server the agent generates through, checked on its own — its /health, and
// a base-resolution job run on it directly, to tell a generation problem from an agent problem.
export function VideoInferenceCard() {
  const health = useQuery(videoHealthQuery()).data?.inference;
  const [jobId, setJobId] = useState<string | null>(null);
  return (
    <Card className="space-y-4 p-5" data-testid="video-inference-card">
      <div className="flex items-center gap-2">
        <h2 className="text-sm font-semibold">Inference server</h2>
        {health ? <HealthBadge state={health.state} testId="inference-health-state" /> : null}
      </div>
      {health ? (
        <>
          <HealthNotice health={health} service="inference server" />
          {health.state === "unreachable" ? null : (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted">/health answered HTTP {health.httpStatus}</summary>
              <pre className="mt-2 overflow-x-auto rounded-lg bg-zinc-50 p-3 font-mono text-xs dark:bg-zinc-950">{JSON.stringify(health.body, null, 2)}</pre>
            </details>
          )}
        </>
      ) : (
        <p className="text-sm text-muted">Checking the inference server…</p>
      )}

      <div className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <h3 className="text-sm font-medium">Run a test job</h3>
        <p className="mt-0.5 mb-3 text-xs text-muted">
          Text to video at the base short edge (768), sent straight to the inference server, bypassing the agent and its queue. Nothing is kept; the run is written to the audit log.
        </p>
        <VideoInferenceRunForm onStarted={setJobId} />
      </div>
      {jobId ? <VideoInferenceJob key={jobId} id={jobId} /> : null}
    </Card>
  );
}
