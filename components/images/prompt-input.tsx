"use client";

import type { ReactNode } from "react";
import { FieldMessages } from "@/components/ui/field-messages";
import { Textarea } from "@/components/ui/textarea";
import { codePointLength } from "@/lib/upstream/alpha/limits";

type Props = {
  /** The textarea's id; its counter's test id and its message's id derive from it. */
  id: string;
  value: string;
  /** The limit the counter shows, in code points as the servers count (lib/upstream/alpha/limits). */
  max: number;
  /** Whether the server trims the prompt before it counts it (beta's schema does): the counter counts the same. */
  countsTrimmed?: boolean;
  errors?: string[];
  hint: ReactNode;
  placeholder: string;
  onChange: (prompt: string) => void;
  onSubmitShortcut: () => void;
};

// A generator's prompt with a live count in code points, like the server checks count. Ctrl/⌘+Enter generates.
export function PromptInput({ id, value, max, countsTrimmed = false, errors, hint, placeholder, onChange, onSubmitShortcut }: Props) {
  const length = codePointLength(countsTrimmed ? value.trim() : value);
  const tone = length > max ? "text-red-600 dark:text-red-400" : length > max * 0.9 ? "text-amber-600 dark:text-amber-400" : "text-muted";
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Prompt
        </label>
        <span className={`text-xs tabular-nums ${tone}`} aria-label={`${length} of ${max} characters`} data-testid={`${id}-counter`}>
          {length.toLocaleString("en-US")} / {max.toLocaleString("en-US")}
        </span>
      </div>
      <Textarea
        id={id}
        rows={5}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            onSubmitShortcut();
          }
        }}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-message`}
        placeholder={placeholder}
        className="min-h-32 leading-relaxed"
      />
      <FieldMessages id={`${id}-message`} messages={errors} hint={hint} />
    </div>
  );
}
