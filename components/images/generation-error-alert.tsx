"use client";

import Link from "next/link";
import { describeFailure } from "@/components/errors/error-copy";
import { FailureRequestId } from "@/components/errors/failure-request-id";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ShownError } from "./use-generation-job";

type Props = {
  error: ShownError;
  status?: number;
  /** Sends the form again. */
  onRetry: () => void;
  /** Repeats the failed job with its own settings and seed, when the studio offers that. */
  onRunAgain?: () => void;
  onDismiss: () => void;
};

// A failed request on a generator page: the title of its code (components/errors/error-copy) over the
// failure's own sentence, a way on, and the request id to quote.
export function GenerationErrorAlert({ error, status, onRetry, onRunAgain, onDismiss }: Props) {
  const { title, detail, retryable } = describeFailure(error.code, error.message);
  // The studio's own refusals come with an HTTP status, before any job starts; the image service's
  // failures end the job, and only its wait is the service's suggestion.
  const fromService = status === undefined;
  return (
    <Alert
      title={title}
      onDismiss={onDismiss}
      actions={
        error.code === "unauthorized" ? (
          <Link href="/sign-in" className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-400">
            Sign in again
          </Link>
        ) : onRunAgain ? (
          <Button size="sm" variant="secondary" onClick={onRunAgain}>
            Run again
          </Button>
        ) : retryable ? (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      <p>{detail}</p>
      {error.code === "rate_limited" && fromService && error.retryAfterSeconds ? <p>The service suggests waiting {error.retryAfterSeconds} s.</p> : null}
      {error.requestId ? <FailureRequestId requestId={error.requestId} /> : null}
    </Alert>
  );
}
