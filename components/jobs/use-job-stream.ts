"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useSessionEnded } from "@/components/session/use-session-ended";
import { JOB_EVENT_NAME, type JobDto, type JobListDto } from "@/lib/jobs/job-dto";
import { UPSTREAMS_CHANGED_EVENT_NAME } from "@/lib/upstream/reachability/reachability-dto";
import { upstreamReachabilityQuery } from "@/components/upstreams/upstream-queries";
import { mergeJob } from "./job-list";
import { jobsKey } from "./job-queries";

/** How long to wait before opening a new stream after the studio refused or dropped one for good. */
const REOPEN_AFTER_MS = 5_000;

/**
 * One EventSource per tab on /api/jobs/events, from the position the loaded list reflects; each
 * job event is merged into the list, and a change of an upstream service's reachability has the
 * services' states read again. The browser reconnects by itself (with Last-Event-ID) after a
 * dropped connection; when it gives up (an answer that is not a stream), a new one is opened later
 * from the list's newest position. `onConnected` hears whether the stream is up, so the list can be
 * polled while it is not.
 *
 * A hidden tab holds no stream: a browser gives a site only six HTTP/1.1 connections, and a designer
 * with many studio tabs open would otherwise have none left for requests. Shown again, the tab
 * re-reads the list and opens a stream from there.
 *
 * An EventSource cannot tell why it was refused: when it gives up, the list is read again, and a 401
 * there ends the tab's session (components/session), after which no stream is opened.
 */
export function useJobStream(listLoaded: boolean, onConnected: (connected: boolean) => void): void {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(0);
  const visible = useSyncExternalStore(subscribeToVisibility, isTabVisible, () => true);
  const sessionEnded = useSessionEnded();

  useEffect(() => {
    if (!listLoaded || sessionEnded) return;
    if (!visible) {
      onConnected(false);
      return;
    }
    const cursor = queryClient.getQueryData<JobListDto>(jobsKey)?.cursor ?? "";
    const source = new EventSource(`/api/jobs/events?after=${encodeURIComponent(cursor)}`);
    let reopen: ReturnType<typeof setTimeout> | undefined;
    source.onopen = () => onConnected(true);
    source.onerror = () => {
      onConnected(false);
      if (source.readyState !== EventSource.CLOSED) return;
      void queryClient.invalidateQueries({ queryKey: jobsKey });
      reopen = setTimeout(() => setOpened((count) => count + 1), REOPEN_AFTER_MS);
    };
    source.addEventListener(JOB_EVENT_NAME, (event: MessageEvent<string>) => {
      const job = JSON.parse(event.data) as JobDto;
      queryClient.setQueryData<JobListDto>(jobsKey, (list) => mergeJob(list, job, event.lastEventId));
    });
    source.addEventListener(UPSTREAMS_CHANGED_EVENT_NAME, () => void queryClient.invalidateQueries({ queryKey: upstreamReachabilityQuery().queryKey }));
    return () => {
      clearTimeout(reopen);
      source.close();
    };
  }, [listLoaded, sessionEnded, visible, opened, queryClient, onConnected]);

  // Back in view: what happened while hidden comes from a fresh read of the list.
  const wasHidden = useRef(false);
  useEffect(() => {
    if (visible && wasHidden.current) void queryClient.invalidateQueries({ queryKey: jobsKey });
    wasHidden.current = !visible;
  }, [visible, queryClient]);
}

function subscribeToVisibility(onChange: () => void): () => void {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

function isTabVisible(): boolean {
  return document.visibilityState === "visible";
}
