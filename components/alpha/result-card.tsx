"use client";

import { ResultCard as ImageResultCard, ResultMeta, type ImageResultActions } from "@/components/images/result-card";
import { RequestIdValue } from "@/components/images/result-parts";
import type { AssetDto } from "@/lib/assets/asset-dto";
import type { SharedBySet } from "@/components/images/variation-sets";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { sizeLabel } from "@/lib/images/size-label";
import { shownSettingsOf } from "./shown-settings";
import { SeedValue } from "./result-parts";

export type ResultActions = ImageResultActions & { onUseSeed: (seed: number) => void };

// One finished alpha v3 generation: the image and, to repeat or trace it, its size, seed, tokens
// and request id (spec 2.1).
export function ResultCard({ generation, image, featured, inSet, actions }: { generation: GenerationDto; image: AssetDto; featured: boolean; inSet: SharedBySet | null; actions: ResultActions }) {
  const settings = shownSettingsOf(generation);
  return (
    <ImageResultCard
      generation={generation}
      image={image}
      featured={featured}
      inSet={inSet}
      testIdPrefix="alpha"
      actions={actions}
      meta={
        <>
          <ResultMeta label="Size">{image.width && image.height ? `${image.width}×${image.height}` : sizeLabel(settings.size)}</ResultMeta>
          <ResultMeta label="Seed" wide>
            <SeedValue seed={settings.seed} onUseSeed={actions.onUseSeed} />
          </ResultMeta>
          <ResultMeta label="Tokens">{generation.tokens === null ? "—" : generation.tokens.toLocaleString("en-US")}</ResultMeta>
          <ResultMeta label="Request id" wide>
            <RequestIdValue requestId={generation.requestId} />
          </ResultMeta>
        </>
      }
    />
  );
}
