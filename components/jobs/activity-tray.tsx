"use client";

import { useEffect, useId, useRef, useState } from "react";
import { onDemand } from "@/components/ui/on-demand";
import { Spinner } from "@/components/ui/spinner";
import { trayOrder, variationLabels } from "./job-list";
import { useJobs } from "./use-jobs";
import { CloseIcon } from "@/components/ui/close-icon";

/** The panel's list of jobs: its code loads when the panel first opens, not with every page. */
const ActivityJobs = onDemand(async () => (await import("./activity-jobs")).ActivityJobs);

// The shell's activity button and its panel: the count of running jobs on every
// signed-in page, and the list of running and recent ones. A disclosure rather than a modal: the
// page stays usable, Escape or a click elsewhere closes it and the focus returns to the button.
export function ActivityTray() {
  const jobs = useJobs();
  const { running, finished } = trayOrder(jobs.data ?? []);
  const variations = variationLabels(jobs.data ?? []);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    heading.current?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    }
    function onPointer(event: PointerEvent) {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    }
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const count = running.length;
  // The button's icon turns into a spinner and a count when a job starts, maybe under a pressed
  // pointer: Chromium drops a click whose press landed on an element that is gone at its release,
  // so the icons take no pointer events and every press lands on the button itself.
  return (
    // Narrow screens: the panel hangs from the whole top bar (the aside is its positioned ancestor);
    // wide ones: it opens beside the sidebar, level with the button.
    <div className="lg:relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((current) => !current)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={count ? `Activity, ${count} running` : "Activity"}
        title={count ? `${count} running` : "Activity"}
        data-testid="activity-button"
        className={`relative inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium transition-colors *:pointer-events-none ${
          open || count
            ? "bg-accent-50 text-accent-700 dark:bg-accent-500/15 dark:text-accent-400"
            : "text-muted hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        }`}
      >
        {count ? (
          <Spinner className="size-4.5" />
        ) : (
          <svg viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
            <path d="M2.5 10h3l2-5.5 5 11 2-5.5h3" />
          </svg>
        )}
        {count ? (
          <span className="min-w-4 text-center tabular-nums" data-testid="activity-count">
            {count}
          </span>
        ) : null}
      </button>

      {open ? (
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-labelledby={`${panelId}-heading`}
          data-testid="activity-panel"
          className="absolute inset-x-3 top-full z-40 mt-1 flex max-h-[min(34rem,calc(100dvh-6rem))] flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xl shadow-zinc-900/10 sm:left-auto sm:w-96 lg:top-0 lg:right-auto lg:left-full lg:mt-0 lg:ml-5 dark:border-zinc-700 dark:bg-zinc-900"
        >
          <div className="flex items-center gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
            <h2 ref={heading} id={`${panelId}-heading`} tabIndex={-1} className="flex-1 text-sm font-semibold outline-none">
              Activity
            </h2>
            {finished.length || count ? <span className="text-xs text-muted">{count ? `${count} running` : "Nothing running"}</span> : null}
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                button.current?.focus();
              }}
              aria-label="Close activity"
              className="-mr-1.5 rounded-md p-1 text-muted hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            >
              <CloseIcon className="size-4.5" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {jobs.isPending ? (
              <p className="px-4 py-8 text-center text-sm text-muted">Loading…</p>
            ) : jobs.isError ? (
              <p className="px-4 py-8 text-center text-sm text-muted">Your activity could not be loaded: {jobs.error.message}</p>
            ) : (
              <ActivityJobs running={running} finished={finished} variations={variations} onNavigate={() => setOpen(false)} />
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
