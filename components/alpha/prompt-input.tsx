"use client";

import { Textarea } from "@/components/ui/textarea";
import { ALPHA_V3_PROMPT_MAX_CODE_POINTS, codePointLength } from "@/lib/images/alpha-schemas";
import { FieldMessages } from "./field-messages";

// The prompt with a live count in code points (spec 4.1, 8: at most 8192 characters; the studio
// counts code points, like the server check in lib/images/alpha-schemas). Ctrl/⌘+Enter generates.
export function PromptInput({ value, errors, onChange, onSubmitShortcut }: { value: string; errors?: string[]; onChange: (prompt: string) => void; onSubmitShortcut: () => void }) {
  const length = codePointLength(value);
  const max = ALPHA_V3_PROMPT_MAX_CODE_POINTS;
  const tone = length > max ? "text-red-600 dark:text-red-400" : length > max * 0.9 ? "text-amber-600 dark:text-amber-400" : "text-zinc-500";
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor="alpha-prompt" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Prompt
        </label>
        <span className={`text-xs tabular-nums ${tone}`} aria-label={`${length} of ${max} characters`} data-testid="alpha-prompt-counter">
          {length.toLocaleString("en-US")} / {max.toLocaleString("en-US")}
        </span>
      </div>
      <Textarea
        id="alpha-prompt"
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
        aria-describedby="alpha-prompt-message"
        placeholder="A quiet harbour at dawn, fishing boats in soft fog, muted teal and amber, 16:9"
        className="min-h-32 leading-relaxed"
      />
      <FieldMessages id="alpha-prompt-message" messages={errors} hint="Describe the image. A size or ratio in the prompt is used when Size is left to the model." />
    </div>
  );
}
