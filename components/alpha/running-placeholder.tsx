import { Card } from "@/components/ui/card";
import { parsePixelSize } from "@/lib/images/alpha-schemas";
import type { RunningGeneration } from "./use-generate-alpha-v3";

const stageText = { sending: "Sending", queued: "Waiting in line", generating: "Generating", storing: "Saving" } as const;

// Where the coming image will appear, in its requested shape (square when the model chooses).
export function RunningPlaceholder({ run }: { run: RunningGeneration }) {
  const size = parsePixelSize(run.size) ?? { width: 1, height: 1 };
  const landscape = size.width > size.height;
  return (
    <Card className="overflow-hidden" aria-hidden>
      <div className="relative h-[26rem] max-h-[60vh] bg-zinc-100 dark:bg-zinc-950">
        <div className="absolute inset-4 flex items-center justify-center">
          <div
            className="relative max-h-full max-w-full overflow-hidden rounded-md bg-gradient-to-br from-accent-100 via-zinc-200 to-accent-50 dark:from-accent-500/15 dark:via-zinc-800 dark:to-zinc-900"
            style={{ aspectRatio: `${size.width} / ${size.height}`, ...(landscape ? { width: "100%" } : { height: "100%" }) }}
          >
            <div className="absolute inset-0 animate-pulse bg-white/30 dark:bg-white/5" />
            <span className="absolute inset-0 grid place-items-center text-sm font-medium text-zinc-600 dark:text-zinc-300">
              {stageText[run.stage]}
              {run.stage === "queued" && run.position ? ` · position ${run.position}` : ""}…
            </span>
          </div>
        </div>
      </div>
    </Card>
  );
}
