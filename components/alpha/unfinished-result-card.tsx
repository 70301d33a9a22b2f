"use client";

import { UnfinishedDetail, UnfinishedResultCard as GenericUnfinishedResultCard } from "@/components/images/unfinished-result-card";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { sizeLabel } from "@/lib/images/size-label";
import { shownSettingsOf } from "./shown-settings";
import { SeedValue } from "./result-parts";

type Props = {
  generation: GenerationDto;
  onReuse: (generation: GenerationDto) => void;
  onUseSeed: (seed: number) => void;
  /** Set when its job can be repeated with the same settings and seed (failed or interrupted). */
  onRunAgain?: () => void;
};

// A failed or still-running alpha v3 generation, with the size and seed it asked for.
export function UnfinishedResultCard({ generation, onReuse, onUseSeed, onRunAgain }: Props) {
  const settings = shownSettingsOf(generation);
  return (
    <GenericUnfinishedResultCard
      generation={generation}
      onReuse={onReuse}
      onRunAgain={onRunAgain}
      testIdPrefix="alpha"
      details={
        <>
          <UnfinishedDetail label="Size">{sizeLabel(settings.size)}</UnfinishedDetail>
          <UnfinishedDetail label="Seed">
            <SeedValue seed={settings.seed} onUseSeed={onUseSeed} />
          </UnfinishedDetail>
        </>
      }
    />
  );
}
