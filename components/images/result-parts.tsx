"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { TimeAgo } from "@/components/ui/local-time";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { formatDuration } from "@/lib/client/format-elapsed";

/** "5 minutes ago · took 6.2 s" */
export function GenerationTiming({ generation }: { generation: GenerationDto }) {
  return (
    <>
      <TimeAgo iso={generation.createdAt} />
      {generation.durationMs !== null ? (
        <>
          <span aria-hidden>·</span>
          <span>took {formatDuration(generation.durationMs)}</span>
        </>
      ) : null}
    </>
  );
}

/** The upstream request id (spec 2.1, 2.4 request_id), which support asks for when tracing a failure. */
export function RequestIdValue({ requestId }: { requestId: string | null }) {
  if (!requestId) return <>—</>;
  return (
    <>
      <span className="truncate font-mono text-xs" title={requestId}>
        {requestId}
      </span>
      <CopyButton value={requestId} label="Copy request id" />
    </>
  );
}
