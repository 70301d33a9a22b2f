"use client";

import { useGenerationJob, type GenerationJobSource } from "@/components/images/use-generation-job";
import type { BetaFormValues } from "@/lib/images/beta-schemas";
import { betaHistory } from "./beta-history";
import type { BetaRequestBody } from "./beta-form-state";
import { shownBetaValues } from "./shown-settings";

/** What a layer decomposition or a group will hand back, said while it runs (spec 4.3, 8). */
function resultNote(values: Pick<BetaFormValues, "layerDecomposition" | "group">): string | undefined {
  if (values.layerDecomposition) return "Splitting the image into a base and up to 16 layers; each is saved as a PNG with transparency.";
  if (values.group) return `The model decides how many images the group holds, at most ${values.group.maxImages}.`;
  return undefined;
}

const betaJobs: GenerationJobSource<BetaRequestBody> = {
  kind: "beta",
  history: betaHistory,
  startPath: "/api/beta/generations",
  noteOf: {
    input: (input) => resultNote({ layerDecomposition: input.layerDecomposition ?? false, group: input.group ?? null }),
    generation: (generation) => {
      const values = shownBetaValues(generation);
      return values ? resultNote(values) : undefined;
    },
  },
};

// Beta requests run as server jobs: POST /api/beta/generations answers 202 with the job
// and its pending generation; progress comes over the jobs stream, and leaving the page never cancels.
export function useGenerateBeta() {
  return useGenerationJob(betaJobs);
}
