import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { AssetDto } from "@/lib/assets/asset-dto";

/** What a beta result card hands the view that fills its media slot (a group set, a layer panel). */
export type ResultMediaProps = {
  generationId: string;
  /** Names the downloads and exports (usually the prompt). */
  title: string;
  images: readonly AssetDto[];
  /** Adds the image to the form's references; without it the action is not offered. */
  onUseAsReference?: (image: AssetDto) => void;
};

/** The media's heading row: what it is, how much of it there is, and its downloads. */
export function ResultMediaHeader({ heading, count, children }: { heading: string; count: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
      <div className="mr-auto flex min-w-0 items-center gap-2">
        <h3 className="text-sm font-semibold">{heading}</h3>
        <Badge tone="accent">{count}</Badge>
      </div>
      {children}
    </div>
  );
}
