"use client";

import { CopyButton } from "@/components/ui/copy-button";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { formatDuration } from "@/lib/client/format-elapsed";

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

function whenLabel(iso: string): string {
  const seconds = (Date.parse(iso) - Date.now()) / 1000;
  if (Math.abs(seconds) < 45) return "just now";
  if (Math.abs(seconds) < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (Math.abs(seconds) < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  return new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" });
}

/** "5 minutes ago · took 6.2 s" */
export function GenerationTiming({ generation }: { generation: GenerationDto }) {
  return (
    <>
      <time dateTime={generation.createdAt} title={new Date(generation.createdAt).toLocaleString()}>
        {whenLabel(generation.createdAt)}
      </time>
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
