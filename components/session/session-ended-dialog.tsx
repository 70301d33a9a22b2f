"use client";

import { useEffect, useRef } from "react";

// Said once the studio answers 401 to this tab: the page stays as it was (nothing is lost from view),
// but nothing more is asked of the studio until the designer signs in again, back to this page.
// Rendered once the session has ended (session-ended-notice.tsx).
export function SessionEndedDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  // Only ever rendered in the browser (a session ends on an answer the browser got).
  const next = `${window.location.pathname}${window.location.search}`;
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby="session-ended-title"
      aria-describedby="session-ended-text"
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-zinc-200 bg-white p-5 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/60 backdrop:backdrop-blur-sm dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      data-testid="session-ended"
    >
      <h2 id="session-ended-title" className="text-base font-semibold">
        Your session ended
      </h2>
      <p id="session-ended-text" className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        You were signed out (from another tab, by a password change or by an admin). Work you started keeps running on the server. Sign in again to
        carry on here.
      </p>
      <div className="mt-4 flex justify-end">
        <a
          href={`/sign-in?next=${encodeURIComponent(next)}`}
          className="inline-flex h-9 items-center rounded-lg bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
          data-testid="session-ended-sign-in"
        >
          Sign in again
        </a>
      </div>
    </dialog>
  );
}
