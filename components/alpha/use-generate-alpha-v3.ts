"use client";

import { useGenerationJob, type GenerationJobSource } from "@/components/images/use-generation-job";
import type { AlphaV3RequestBody } from "./alpha-v3-form-state";
import { shownSettingsOf } from "./shown-settings";
import { alphaV3History } from "./alpha-v3-history";

/** Rewriting (spec 4.1) is the one setting that makes an alpha v3 request noticeably longer. */
function reviseNote(revise: boolean): string | undefined {
  return revise ? "Prompt rewriting is on: that adds about 11 seconds." : undefined;
}

const alphaV3Jobs: GenerationJobSource<AlphaV3RequestBody> = {
  kind: "alpha_v3",
  history: alphaV3History,
  startPath: "/api/alpha/v3/generations",
  noteOf: { input: (input) => reviseNote(input.revise ?? true), generation: (generation) => reviseNote(shownSettingsOf(generation).revise) },
};

// Alpha v3 requests run as server jobs, followed by the generic generation-job hook.
export function useGenerateAlphaV3() {
  return useGenerationJob(alphaV3Jobs);
}
