"use client";

import Link from "next/link";
import { useState } from "react";
import { chatEditorHref } from "@/components/gallery/gallery-links";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { MutationError } from "@/components/ui/mutation-error";
import { Spinner } from "@/components/ui/spinner";
import type { ComparisonMemberDto } from "@/lib/comparisons/comparison-dto";
import { COMPARISON_MODEL_LABELS } from "@/lib/comparisons/comparison-models";
import { isActiveJobState, JOB_STATE_LABELS } from "@/lib/jobs/job-dto";
import { conversationPath } from "@/lib/page-paths";
import { useComparison, useKeepMember } from "./use-comparison";

type Others = "discard" | "keep";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Where "Continue in chat" goes: the v3.5 member's own conversation, or a new one with the image attached. */
function chatHref(member: ComparisonMemberDto): string | null {
  if (member.conversationId) return conversationPath(member.conversationId);
  return member.image ? chatEditorHref(member.image.assetId) : null;
}

// The comparison's results side by side, filling in as each model's job ends; once all have ended,
// one is kept as the gallery entry and the others are discarded or kept too.
export function ComparisonGrid({ id }: { id: string }) {
  const comparison = useComparison(id);
  const keep = useKeepMember(id);
  const [others, setOthers] = useState<Others>("discard");
  if (comparison.isPending) return <Spinner />;
  if (comparison.isError) return <p role="alert">{comparison.error.message}</p>;
  const { keptJobId, prompt } = comparison.data;
  const allEnded = comparison.members.every((member) => !isActiveJobState(member.job.state));

  return (
    <section aria-label="Results" className="space-y-4">
      <p className="text-sm text-muted">“{prompt}”</p>
      {keptJobId === null ? (
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">When one is kept</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="others" checked={others === "discard"} onChange={() => setOthers("discard")} />
            Discard the others from the gallery
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="others" checked={others === "keep"} onChange={() => setOthers("keep")} />
            Keep the others too
          </label>
        </fieldset>
      ) : null}
      <MutationError mutation={keep} title="Could not keep it" />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {comparison.members.map((member) => {
          const label = COMPARISON_MODEL_LABELS[member.model];
          const running = isActiveJobState(member.job.state);
          const href = chatHref(member);
          return (
            <li key={member.job.id} aria-label={label}>
              <Card className="flex h-full flex-col gap-3 p-3">
                <div className="flex items-center justify-between gap-2">
                  <h2 className="text-sm font-semibold">{label}</h2>
                  {member.job.id === keptJobId ? <Badge tone="success">Kept</Badge> : <span className="text-xs text-muted" data-testid="member-state">{JOB_STATE_LABELS[member.job.state]}</span>}
                </div>
                <div className="flex aspect-square items-center justify-center overflow-hidden rounded-lg bg-zinc-100 dark:bg-zinc-800">
                  {member.image ? (
                    <img src={member.image.url} alt={`${label} result`} className="size-full object-contain" />
                  ) : running ? (
                    <Spinner className="size-6" />
                  ) : (
                    <p className="p-3 text-center text-sm text-muted">{member.job.error?.message ?? "No image"}</p>
                  )}
                </div>
                <dl className="grid grid-cols-2 gap-1 text-xs">
                  <dt className="text-muted">Time</dt>
                  <dd>{member.durationMs === null ? "—" : seconds(member.durationMs)}</dd>
                  <dt className="text-muted">Tokens</dt>
                  <dd>{member.tokens ?? "—"}</dd>
                </dl>
                {keptJobId !== null && member.job.id !== keptJobId && !member.inGallery ? <p className="text-xs text-muted">Discarded from the gallery</p> : null}
                <div className="mt-auto flex flex-wrap gap-2">
                  {keptJobId === null && member.job.state === "succeeded" ? (
                    <Button size="sm" disabled={!allEnded || keep.isPending} title={allEnded ? undefined : "Wait until every model has finished"} onClick={() => keep.mutate({ jobId: member.job.id, others })}>
                      Keep this one
                    </Button>
                  ) : null}
                  {href && member.inGallery ? (
                    <Link href={href} className="inline-flex h-8 items-center rounded-lg border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800">
                      Continue in chat
                    </Link>
                  ) : null}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
