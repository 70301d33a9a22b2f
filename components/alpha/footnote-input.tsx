"use client";

import { inputClass } from "@/components/ui/field";
import { ALPHA_FOOTNOTE_MAX_CODE_POINTS, codePointLength } from "@/lib/upstream/alpha/limits";
import { FieldMessages } from "@/components/ui/field-messages";

// Custom watermark text (spec 4.1, 8: at most 16 characters whatever the language, drawn bottom
// right), counted in code points like the server does.
export function FootnoteInput({ id = "alpha-footnote", value, errors, onChange }: { id?: string; value: string; errors?: string[]; onChange: (footnote: string) => void }) {
  const length = codePointLength(value);
  const max = ALPHA_FOOTNOTE_MAX_CODE_POINTS;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Footnote watermark
        </label>
        <span className={`text-xs tabular-nums ${length > max ? "text-red-600 dark:text-red-400" : "text-muted"}`} aria-hidden>
          {length} / {max}
        </span>
      </div>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        placeholder="Optional, e.g. © Studio"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-message`}
        className={inputClass}
      />
      <FieldMessages id={`${id}-message`} messages={errors} hint="Drawn small in the bottom-right corner of the image." />
    </div>
  );
}
