"use client";

import { LocalTime } from "@/components/ui/local-time";
import { useHydrating } from "@/components/ui/use-hydrating";
import { useNow } from "@/components/ui/use-now";
import { formatElapsed } from "@/lib/client/format-elapsed";
import type { VideoJobDto } from "@/lib/videos/video-dto";
import { videoHoldTitle } from "./video-error-copy";

/**
 * A job not sent yet that waits (spec 7.3: a full queue or an unavailable service; or an unreachable
 * agent): why, in the service's words, and when the studio tries again, counted down. Not a failure:
 * the job goes on by itself.
 */
export function VideoJobHold({ hold }: { hold: NonNullable<VideoJobDto["hold"]> }) {
  const hydrating = useHydrating();
  const retryAt = Date.parse(hold.retryAt);
  const now = useNow(1000, retryAt);
  const left = retryAt - now;
  return (
    <div
      role="status"
      className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900 dark:border-amber-500/25 dark:bg-amber-500/10 dark:text-amber-100"
      data-testid="video-job-held"
    >
      <p className="font-medium">{videoHoldTitle(hold.code)}</p>
      <p className="break-words opacity-90">{hold.message}</p>
      <p className="text-xs opacity-80" data-testid="video-job-next-try">
        {hydrating || left > 0 ? (
          <>
            Next try at <LocalTime iso={hold.retryAt} format="time" />
            {hydrating ? null : ` (in ${formatElapsed(left + 999)})`}
          </>
        ) : (
          "Trying again now"
        )}
      </p>
    </div>
  );
}
