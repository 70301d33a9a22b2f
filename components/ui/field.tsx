import type { InputHTMLAttributes, ReactNode } from "react";
import { twMerge } from "tailwind-merge";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode };

export const inputClass =
  "block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-400 focus:border-accent-500 focus:outline-none focus:ring-2 focus:ring-accent-500/30 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

/**
 * The input look with a caller's changes, which replace the defaults they conflict with: appended
 * instead, a `w-28` or `py-1` would lose to the stylesheet's later `w-full` and `py-2`.
 */
export function inputClassWith(changes: string): string {
  return twMerge(inputClass, changes);
}

/** The input look for a select, with room on the right for the chevron the stylesheet draws there (app/globals.css). */
export function selectClassWith(changes = ""): string {
  return twMerge(inputClass, "pr-8", changes);
}

export function Field({ label, error, hint, id, name, ...props }: FieldProps) {
  const inputId = id ?? name;
  const messageId = `${inputId}-message`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={inputClass}
        {...props}
      />
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
