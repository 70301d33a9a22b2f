import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { formatMegabytes, mimeLabel } from "@/lib/assets/media-labels";
import { entersHistory } from "@/lib/chat/assemble-messages";
import { formatDuration } from "@/lib/client/format-elapsed";
import { LocalTime } from "@/components/ui/local-time";
import type { TurnDto } from "./use-conversation";

// What the service said about a turn, for troubleshooting (spec 2.2): the request id to quote, token
// use, timing, and the upstream's internal model id (informational; it changes with upstream releases).
export function TurnDetails({ turn, settings }: { turn: TurnDto; settings: readonly string[] }) {
  const rows: [string, ReactNode][] = [
    [
      "Request id",
      turn.requestId ? (
        <span className="flex min-w-0 items-center gap-1">
          <code className="truncate font-mono" data-testid="turn-request-id">
            {turn.requestId}
          </code>
          <CopyButton value={turn.requestId} label="Copy request id" />
        </span>
      ) : (
        "—"
      ),
    ],
    ["Tokens", turn.tokens === null ? "—" : turn.tokens.toLocaleString("en-US")],
    ["Duration", turn.durationMs === null ? "—" : formatDuration(turn.durationMs)],
    ["Upstream model", turn.upstreamModel ? <code className="font-mono">{turn.upstreamModel}</code> : "—"],
    ["Sent", <LocalTime key="sent" iso={turn.createdAt} format="dayTime" />],
    ["Settings", settings.length ? settings.join(" · ") : "Defaults (auto size, random seed)"],
  ];
  if (turn.image) rows.push(["Image", `${turn.image.width}×${turn.image.height} · ${formatMegabytes(turn.image.bytes)} ${mimeLabel(turn.image.mime)}`]);
  if (entersHistory(turn)) rows.push(["History images", `${turn.imagesCarried} carried into the next turn`]);
  return (
    <dl className="grid max-w-lg grid-cols-[max-content_minmax(0,1fr)] items-center gap-x-4 gap-y-1.5 rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-3 text-xs dark:border-zinc-800 dark:bg-zinc-950/50" data-testid="turn-details">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 text-zinc-800 dark:text-zinc-200">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
