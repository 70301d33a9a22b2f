"use client";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatElapsed } from "./format";
import { AssistantFrame } from "./assistant-frame";
import { useNow } from "./use-now";
import type { SendStage, TurnSend } from "./use-send-turn";

const STEPS = ["Queue", "Generate", "Save"] as const;

function describeStage(stage: SendStage): { label: string; step: number } {
  switch (stage.name) {
    case "starting":
      return { label: "Sending", step: 0 };
    case "queued":
      return { label: `Waiting in line, position ${stage.position}`, step: 0 };
    case "generating":
      // Frames count model rounds from 0 (spec 2.2); people count from 1.
      return { label: stage.round === undefined ? "Generating" : `Generating (round ${stage.round + 1})`, step: 1 };
    case "storing":
      return { label: "Saving the image", step: 2 };
  }
}

// The answer bubble of a turn on its way: where it stands, for how long, and a way to stop it.
export function TurnProgress({ send, turnNumber, onCancel }: { send: TurnSend; turnNumber: number; onCancel: () => void }) {
  const now = useNow(250);
  const { label, step } = describeStage(send.stage);
  return (
    <AssistantFrame turnNumber={turnNumber}>
      <div role="status" aria-live="polite" data-testid="turn-progress" className="w-full max-w-md rounded-2xl rounded-tl-md border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div className="flex items-center gap-3">
          <Spinner className="size-5 text-accent-600 dark:text-accent-400" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" data-testid="turn-progress-label">
              {label}
            </p>
            <p className="text-xs text-zinc-500 tabular-nums">{formatElapsed(now - send.startedAt)} elapsed</p>
          </div>
          <Button variant="secondary" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        </div>
        <ol className="mt-4 grid grid-cols-3 gap-1.5" aria-label="Steps">
          {STEPS.map((name, index) => (
            <li key={name} className="space-y-1">
              <span
                className={`block h-1 rounded-full ${
                  index < step ? "bg-accent-500" : index === step ? "animate-pulse bg-accent-500" : "bg-zinc-200 dark:bg-zinc-800"
                }`}
              />
              <span className={`block text-[11px] ${index <= step ? "text-zinc-700 dark:text-zinc-300" : "text-zinc-400"}`}>{name}</span>
            </li>
          ))}
        </ol>
      </div>
    </AssistantFrame>
  );
}
