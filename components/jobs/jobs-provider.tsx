"use client";

import { hashKey, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { alphaV3HistoryKey } from "@/components/alpha/alpha-v3-history";
import { betaHistoryKey } from "@/components/beta/beta-history";
import { budgetsKey } from "@/components/budgets/budgets-left";
import { chatKeys } from "@/components/chat/chat-queries";
import { galleryKey } from "@/components/gallery/gallery-keys";
import { videosKey } from "@/components/videos/video-keys";
import { ToastRegion, type Toast } from "@/components/ui/toast-region";
import type { JobDto, JobListDto } from "@/lib/jobs/job-dto";
import { jobChanges, marksOf, type JobMarks } from "./job-list";
import { jobsKey, jobsQuery } from "./job-queries";
import { toastForFinishedJob } from "./job-toast";
import { isOnResultPage } from "./result-page";
import { useJobStream } from "./use-job-stream";

/** While the stream is down, the list is re-read this often (a plain read gives the same state). */
const FALLBACK_POLL_MS = 4_000;
/** At most this many toasts at once; older ones make room. */
const MAX_TOASTS = 3;

/**
 * The pages that show a job's result re-read what it changed: its generation row, or its turn and the
 * conversation list; and a job that made something puts its entry at the top of an open gallery.
 */
function refreshResultOf(queryClient: QueryClient, job: JobDto): void {
  void queryClient.invalidateQueries({ queryKey: budgetsKey });
  if (job.state === "succeeded") void queryClient.invalidateQueries({ queryKey: [...galleryKey, "list"] });
  if (job.kind === "alpha_v3") {
    void queryClient.invalidateQueries({ queryKey: alphaV3HistoryKey });
  } else if (job.kind === "beta") {
    void queryClient.invalidateQueries({ queryKey: betaHistoryKey });
  } else if (job.kind === "video") {
    void queryClient.invalidateQueries({ queryKey: videosKey });
  } else if (job.conversationId) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(job.conversationId) });
    void queryClient.invalidateQueries({ queryKey: chatKeys.lists });
  }
}

// Mounted once in the signed-in shell: keeps the user's jobs list current from one event
// stream per tab (polling while the stream is down), refreshes a result's page when its job appears
// or finishes, and says so with a toast when the designer is on another page.
export function JobsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const pathname = usePathname();
  const [streaming, setStreaming] = useState(false);
  const list = useQuery({ ...jobsQuery(), refetchInterval: streaming ? false : FALLBACK_POLL_MS });
  useJobStream(list.data !== undefined, setStreaming);
  const [toasts, setToasts] = useState<Toast[]>([]);

  // Every change of the list (an event, a POST's answer, a poll) is compared with the one before.
  useEffect(() => {
    let seen: JobMarks | null = null;
    const toasted = new Set<string>();
    function compare(list: JobListDto | undefined) {
      if (!list) return;
      const before = seen;
      seen = marksOf(list);
      if (!before) return;
      const { appeared, finished, moved } = jobChanges(before, list);
      // A video job's pages show every step it takes (held, queued and its place, generating, saving), not only its end.
      for (const job of [...appeared, ...finished, ...moved.filter((job) => job.kind === "video")]) refreshResultOf(queryClient, job);
      const fresh = finished
        .filter((job) => !toasted.has(job.id))
        .map((job) => toastForFinishedJob(job, window.location.pathname))
        .filter((toast): toast is Toast => toast !== undefined);
      for (const toast of fresh) toasted.add(toast.id);
      if (fresh.length) setToasts((current) => [...fresh, ...current].slice(0, MAX_TOASTS));
    }
    compare(queryClient.getQueryData<JobListDto>(jobsKey));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.query.queryHash === hashKey(jobsKey)) compare(event.query.state.data as JobListDto | undefined);
    });
  }, [queryClient]);

  const dismiss = useCallback((id: string) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  // Arriving on a result's page makes its toast redundant.
  const shown = toasts.filter((toast) => !toast.action || !isOnResultPage(toast.action.href, pathname));

  return (
    <>
      {children}
      <ToastRegion toasts={shown} onDismiss={dismiss} />
    </>
  );
}
