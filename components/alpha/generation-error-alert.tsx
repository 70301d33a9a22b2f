"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { ClientError } from "@/lib/errors";

// Titles per failure kind: the studio's own codes (lib/errors) and the upstream kinds of spec 7.1
// (lib/upstream/errors). The sentence under the title is the server's, which already says what to do.
const titles: Record<string, string> = {
  validation_failed: "Some settings need a change",
  bad_request: "The image service refused a setting",
  auth: "The server's key is wrong — contact your admin",
  blocked: "Content safety stopped this request",
  rate_limited: "The image service is busy",
  server: "The image service had an internal error",
  timeout: "The image service took too long",
  network: "The studio could not reach the image service",
  invalid_response: "The image service sent an unreadable answer",
  internal_error: "Something went wrong in the studio",
  unauthorized: "You are signed out",
  stream_ended: "The connection closed early",
  offline: "The studio is unreachable",
};

// The studio's own refusals of the same kinds: a non-2xx answer before anything streams, so they
// come with an HTTP status, while the image service's failures arrive inside the stream.
const studioTitles: Record<string, string> = {
  rate_limited: "Too many generations running",
};

// Worth a second try without changing anything (spec 7.1: 429 and 500 say "retry").
const retryable = new Set(["rate_limited", "server", "timeout", "network", "invalid_response", "internal_error", "stream_ended", "offline"]);

export function GenerationErrorAlert({ error, status, onRetry, onDismiss }: { error: ClientError; status?: number; onRetry: () => void; onDismiss: () => void }) {
  const message = error.requestId ? error.message.replace(` (request id: ${error.requestId})`, "") : error.message;
  const fromStudio = status !== undefined;
  return (
    <Alert
      title={(fromStudio ? studioTitles[error.code] : undefined) ?? titles[error.code] ?? "The image could not be made"}
      onDismiss={onDismiss}
      actions={
        error.code === "unauthorized" ? (
          <Link href="/sign-in" className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-400">
            Sign in again
          </Link>
        ) : retryable.has(error.code) ? (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      <p>{message}</p>
      {error.code === "rate_limited" && !fromStudio && error.retryAfterSeconds ? <p>The service suggests waiting {error.retryAfterSeconds} s.</p> : null}
      {error.requestId ? (
        <p className="flex min-w-0 items-center gap-1.5 text-xs">
          <span className="shrink-0 opacity-80">Request id</span>
          <span className="truncate font-mono">{error.requestId}</span>
          <CopyButton value={error.requestId} label="Copy request id" />
        </p>
      ) : null}
    </Alert>
  );
}
