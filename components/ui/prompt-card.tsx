import type { ReactNode } from "react";
import { Card } from "./card";
import { CopyButton } from "./copy-button";

/** A detail page's prompt, with Copy, and what the page adds under it (revised prompt, inputs, notes). */
export function PromptCard({ prompt, testId, children }: { prompt: string; testId: string; children?: ReactNode }) {
  return (
    <Card className="space-y-3 p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-[11px] font-medium tracking-wide text-muted uppercase">Prompt</h2>
        <CopyButton value={prompt} label="Copy prompt" />
      </div>
      <p className="text-sm leading-relaxed whitespace-pre-wrap text-zinc-900 dark:text-zinc-100" data-testid={testId}>
        {prompt}
      </p>
      {children}
    </Card>
  );
}
