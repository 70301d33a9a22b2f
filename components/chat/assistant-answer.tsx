"use client";

import { useEffect, useRef, useState } from "react";
import { describeFailure } from "@/components/errors/error-copy";
import { FailureRequestId } from "@/components/errors/failure-request-id";
import { LocalTime } from "@/components/ui/local-time";
import { Spinner } from "@/components/ui/spinner";
import { FlowLinks } from "@/components/images/flow-links";
import { AssistantFrame } from "./assistant-frame";
import { formatDuration } from "@/lib/client/format-elapsed";
import { Icon, type IconName } from "./icons";
import type { TurnActions } from "./turn-actions";
import { TurnDetails } from "./turn-details";
import type { TurnDto } from "./use-conversation";
import { scrollMotion } from "@/components/ui/motion";

type Props = {
  turn: TurnDto;
  turnNumber: number;
  settings: readonly string[];
  /** The end of the shown path: continuing from it is the default, so it offers no "edit from here". */
  isLeaf: boolean;
  /** The composer will branch from this turn. */
  isBranchPoint: boolean;
  onOpenImage: () => void;
  actions: TurnActions;
};

// The model's side of a stored turn. Success is the stored image (the server judged
// `delta.image.url`, spec 2.2), never a finish_reason; a failure stays in the chat with its code.
export function AssistantAnswer({ turn, turnNumber, settings, isLeaf, isBranchPoint, onOpenImage, actions }: Props) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const details = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (detailsOpen) details.current?.scrollIntoView({ block: "nearest", behavior: scrollMotion() });
  }, [detailsOpen]);
  const { image } = turn;
  const meta = (
    <>
      <LocalTime iso={turn.createdAt} format="dayTime" />
      {turn.durationMs !== null ? ` · ${formatDuration(turn.durationMs)}` : null}
      {turn.tokens !== null ? ` · ${turn.tokens.toLocaleString("en-US")} tokens` : null}
    </>
  );

  return (
    <AssistantFrame turnNumber={turnNumber} meta={meta}>
      {image ? (
        <button
          type="button"
          onClick={onOpenImage}
          aria-label={`Open the image of turn ${turnNumber}`}
          style={reservedBox(image.width, image.height)}
          className={`group relative block max-w-full overflow-hidden rounded-2xl rounded-tl-md border bg-zinc-100 shadow-sm transition dark:bg-zinc-800 ${
            isBranchPoint ? "border-accent-500 ring-2 ring-accent-500/40" : "border-zinc-200 hover:border-accent-400 dark:border-zinc-700"
          }`}
        >
          <img
            src={image.delivery.url}
            alt={`Turn ${turnNumber}: ${turn.userText}`}
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            data-testid="turn-image"
            className="block size-full max-h-[26rem] object-contain"
          />
          <span className="absolute top-2 right-2 grid size-8 place-items-center rounded-lg bg-black/55 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
            <Icon name="expand" />
          </span>
          <span className="absolute bottom-2 left-2 rounded-md bg-black/55 px-1.5 py-0.5 text-[11px] text-white tabular-nums opacity-0 transition-opacity group-hover:opacity-100">
            {image.width}×{image.height}
          </span>
        </button>
      ) : turn.status === "failed" ? (
        <FailedAnswer turn={turn} />
      ) : (
        <div className="flex max-w-md items-center gap-3 rounded-2xl rounded-tl-md border border-zinc-200 bg-white px-4 py-3 text-sm shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
          <Spinner className="size-4 text-accent-600 dark:text-accent-400" />
          <span>
            Generating<span className="block text-xs text-muted">Its progress appears in a moment; this updates by itself.</span>
          </span>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-1">
        {actions.kind === "owner" && turn.status === "failed" ? <Action icon="retry" label="Edit & retry" onClick={() => actions.onEditAndRetry(turn)} strong /> : null}
        {actions.kind === "owner" && image && !isLeaf ? <Action icon="branch" label="Edit from here" onClick={() => actions.onEditFromHere(turn)} /> : null}
        {actions.kind === "reader" && turn.status !== "pending" && !isLeaf ? (
          <Action icon="fork" label="Fork from here" onClick={() => actions.onFork(turn)} disabled={actions.forking} testId="fork-from-here" />
        ) : null}
        {image ? <FlowLinks assetId={image.id} inChat linkClass={turnLinkClass} iconClass="size-3.5" /> : null}
        {image ? (
          <a
            href={image.downloadUrl}
            download
            className={turnLinkClass}
          >
            <Icon name="download" className="size-3.5" />
            Download
          </a>
        ) : null}
        {turn.status !== "pending" ? (
          <button
            type="button"
            onClick={() => setDetailsOpen((open) => !open)}
            aria-expanded={detailsOpen}
            className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-muted hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
          >
            Details
            <Icon name="chevronDown" className={`size-3.5 transition-transform ${detailsOpen ? "rotate-180" : ""}`} />
          </button>
        ) : null}
      </div>
      {detailsOpen ? (
        <div ref={details}>
          <TurnDetails turn={turn} settings={settings} />
        </div>
      ) : null}
    </AssistantFrame>
  );
}

/** A turn's quiet link actions: Animate, Split into layers, Download. */
const turnLinkClass =
  "inline-flex h-7 items-center gap-1.5 rounded-md px-2 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

/** Image bubbles are at most this tall; wide images take the column's width instead. */
const IMAGE_MAX_HEIGHT_REM = 26;

// The bubble's size before the image arrives, so the thread does not jump (and stays scrolled to the end).
function reservedBox(width: number | null, height: number | null) {
  if (!width || !height) return undefined;
  return { aspectRatio: `${width} / ${height}`, width: `min(100%, ${((IMAGE_MAX_HEIGHT_REM * width) / height).toFixed(3)}rem)` };
}

function FailedAnswer({ turn }: { turn: TurnDto }) {
  const { title, detail } = describeFailure(turn.errorCode, turn.errorMessage);
  // Stopped by its sender (`aborted` when the abort reached the studio another way): no alarm.
  const cancelled = turn.errorCode === "cancelled" || turn.errorCode === "aborted";
  return (
    <div
      data-testid="turn-failure"
      className={`max-w-lg rounded-2xl rounded-tl-md border px-4 py-3 text-sm shadow-sm ${
        cancelled
          ? "border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900"
          : "border-red-200 bg-red-50 dark:border-red-500/30 dark:bg-red-500/10"
      }`}
    >
      <p className={`flex items-center gap-2 font-medium ${cancelled ? "text-zinc-700 dark:text-zinc-300" : "text-red-800 dark:text-red-300"}`}>
        <Icon name={cancelled ? "stop" : "warning"} />
        {title}
        {turn.errorCode ? (
          <code className="ml-auto rounded bg-black/5 px-1.5 py-0.5 font-mono text-[11px] font-normal dark:bg-white/10">{turn.errorCode}</code>
        ) : null}
      </p>
      <p className={`mt-1 ${cancelled ? "text-zinc-600 dark:text-zinc-400" : "text-red-700 dark:text-red-300/90"}`}>{detail}</p>
      {cancelled ? null : (
        <div className="mt-1.5 space-y-1 text-xs text-muted">
          <p>The turn is kept; it does not enter the history of the next one.</p>
          {turn.requestId ? <FailureRequestId requestId={turn.requestId} /> : null}
        </div>
      )}
    </div>
  );
}

type ActionProps = { icon: IconName; label: string; onClick: () => void; strong?: boolean; disabled?: boolean; testId?: string };

function Action({ icon, label, onClick, strong = false, disabled = false, testId }: ActionProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      className={`inline-flex h-7 items-center gap-1.5 rounded-md px-2 text-xs font-medium transition-colors disabled:opacity-50 ${
        strong
          ? "bg-accent-50 text-accent-700 hover:bg-accent-100 dark:bg-accent-500/15 dark:text-accent-400 dark:hover:bg-accent-500/25"
          : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      }`}
    >
      <Icon name={icon} className="size-3.5" />
      {label}
    </button>
  );
}
