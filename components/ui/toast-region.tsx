"use client";

import Link from "next/link";
import { useEffect, useRef, useState, type FocusEvent } from "react";
import { CloseIcon } from "./close-icon";

export type Toast = {
  id: string;
  tone: "success" | "danger";
  title: string;
  /** Why, in a few words (a failure's reason). */
  detail?: string;
  /** What it was about (a prompt), shortened. */
  subject?: string;
  action?: { label: string; href: string };
};

/**
 * Long enough to read two lines and reach the action; the ✕ and the action close it sooner. The
 * time stands still while the pointer is over the toast or the keyboard is in it.
 */
const TOAST_MS = 10_000;

const tones = {
  success: { ring: "bg-emerald-500", path: "M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" },
  danger: { ring: "bg-red-500", path: "M10 5a1 1 0 0 1 1 1v4a1 1 0 1 1-2 0V6a1 1 0 0 1 1-1Zm0 10a1.2 1.2 0 1 0 0-2.4 1.2 1.2 0 0 0 0 2.4Z" },
} as const;

// Short notices in the corner of the window. The region is always in the page, so screen readers
// announce what is added to it (politely: it never interrupts).
export function ToastRegion({ toasts, onDismiss }: { toasts: readonly Toast[]; onDismiss: (id: string) => void }) {
  return (
    <div
      role="region"
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex flex-col items-stretch gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-88"
    >
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

// `onDismiss` must be stable (useCallback) or every render of the owner restarts the timer.
function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const { id } = toast;
  const [held, setHeld] = useState(false);
  const remaining = useRef(TOAST_MS);
  useEffect(() => {
    if (held) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [id, onDismiss, held]);
  const release = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
  };
  const dismiss = () => onDismiss(id);
  const tone = tones[toast.tone];
  return (
    <div
      role="status"
      data-testid="toast"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={release}
      className="pointer-events-auto flex items-start gap-3 rounded-xl border border-zinc-200 bg-white p-3 shadow-lg shadow-zinc-900/10 dark:border-zinc-700 dark:bg-zinc-900"
    >
      <span className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full text-white ${tone.ring}`}>
        <svg viewBox="0 0 20 20" className="size-3.5" fill="currentColor" aria-hidden>
          <path d={tone.path} />
        </svg>
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{toast.title}</p>
        {toast.detail ? <p className="text-[13px] text-zinc-600 dark:text-zinc-400">{toast.detail}</p> : null}
        {toast.subject ? <p className="truncate text-xs text-muted">“{toast.subject}”</p> : null}
      </div>
      {toast.action ? (
        <Link
          href={toast.action.href}
          onClick={dismiss}
          className="shrink-0 rounded-md px-2 py-1 text-sm font-medium text-accent-700 hover:bg-accent-50 dark:text-accent-400 dark:hover:bg-accent-500/10"
        >
          {toast.action.label}
        </Link>
      ) : null}
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss notification"
        className="-m-1 size-7 shrink-0 rounded-md p-1.5 text-muted hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
