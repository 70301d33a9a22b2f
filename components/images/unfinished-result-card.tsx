"use client";

import { describeFailure } from "@/components/errors/error-copy";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import type { GenerationDto } from "@/lib/images/generation-dto";
import type { ReactNode } from "react";
import { GenerationTiming, RequestIdValue } from "./result-parts";

// A generation without an image: failed (with the reason the designer was shown) or still running
// elsewhere. Kept compact so failures stay on record without crowding out the images.
type Props = {
  generation: GenerationDto;
  onReuse: (generation: GenerationDto) => void;
  /** Set when its job can be repeated with the same settings (failed or interrupted). */
  onRunAgain?: () => void;
  /** Test ids are `${testIdPrefix}-result` and `-result-error`. */
  testIdPrefix: string;
  /** What was asked, as UnfinishedDetail items, before the request id. */
  details: ReactNode;
};

/** One labelled setting of an unfinished generation, inside its `details`. */
export function UnfinishedDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <dt>{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-zinc-700 tabular-nums dark:text-zinc-300">{children}</dd>
    </div>
  );
}

export function UnfinishedResultCard({ generation, onReuse, onRunAgain, testIdPrefix, details }: Props) {
  const failed = generation.status === "failed";
  // Stopped by the designer: said calmly, without the "Failed" alarm.
  const cancelled = failed && generation.errorCode === "cancelled";
  const failure = failed ? describeFailure(generation.errorCode, generation.errorMessage) : undefined;
  // "Cancelled. Cancelled before the image arrived" would say it twice.
  const titleRepeated = failure !== undefined && failure.detail.toLowerCase().startsWith(failure.title.toLowerCase());
  return (
    <Card className="space-y-2 px-4 py-3" data-testid={`${testIdPrefix}-result`} aria-label={cancelled ? "Cancelled generation" : failed ? "Failed generation" : "Generation in progress"} role="article">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
        {cancelled ? (
          <Badge>Cancelled</Badge>
        ) : failed ? (
          <Badge tone="danger">Failed</Badge>
        ) : (
          <Badge tone="warning">
            <Spinner className="size-3" /> In progress
          </Badge>
        )}
        <GenerationTiming generation={generation} />
        {onRunAgain ? (
          <button
            type="button"
            onClick={onRunAgain}
            className="ml-auto rounded-md px-2 py-1 text-xs font-medium text-accent-700 hover:bg-accent-50 dark:text-accent-400 dark:hover:bg-accent-500/10"
          >
            Run again
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => onReuse(generation)}
          className={`${onRunAgain ? "" : "ml-auto "}rounded-md px-2 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800`}
        >
          Reuse settings
        </button>
      </div>
      {failure ? (
        <p className={`text-[13px] ${cancelled ? "text-zinc-600 dark:text-zinc-400" : "text-red-700 dark:text-red-300"}`} data-testid={`${testIdPrefix}-result-error`}>
          {titleRepeated ? null : <span className="font-medium">{failure.title}. </span>}
          {failure.detail}
        </p>
      ) : null}
      <p className="line-clamp-2 text-sm text-zinc-700 dark:text-zinc-300" title={generation.prompt}>
        {generation.prompt}
      </p>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-muted">
        {details}
        {generation.requestId ? (
          <UnfinishedDetail label="Request id">
            <RequestIdValue requestId={generation.requestId} />
          </UnfinishedDetail>
        ) : null}
      </dl>
    </Card>
  );
}
