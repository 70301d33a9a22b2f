"use client";

import { ResultCard, ResultMeta, type ImageResultActions } from "@/components/images/result-card";
import { RequestIdValue } from "@/components/images/result-parts";
import type { SharedBySet } from "@/components/images/variation-sets";
import { BETA_MODEL_LABELS, isBetaModel } from "@/lib/images/beta-capabilities";
import type { BetaFormValues } from "@/lib/images/beta-schemas";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { GroupSet } from "./group-set";
import { LayerPanel } from "./layer-panel";
import { resultKindOf, shownAdjustments, shownBetaValues } from "./shown-settings";

/** The model as the designer chose it ("Pro"). */
export function modelLabel(model: string): string {
  return isBetaModel(model) ? BETA_MODEL_LABELS[model] : model;
}

/** The size as it was asked: a tier ("2K", "Auto") or width × height. */
export function requestedSizeLabel(values: BetaFormValues | undefined): string {
  if (!values) return "—";
  const { size } = values;
  if (size.method === "pixels") return `${size.width}×${size.height}`;
  return size.tier === "auto" ? "Auto" : size.tier;
}

/** What the studio did to the references to make them fit the service's rules (spec 8), told to the designer. */
function Adjustments({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900 dark:border-amber-500/25 dark:bg-amber-500/10 dark:text-amber-100" data-testid="beta-adjustments">
      <p className="mb-0.5 text-[11px] font-medium tracking-wide uppercase">References adjusted to fit</p>
      <ul className="list-disc space-y-0.5 pl-4">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

// One finished beta generation: a single image like the alpha page's, a lite group as one set
// (GroupSet), or a pro layer decomposition as its layer panel (LayerPanel); with the model, size,
// tokens and request id to repeat or trace it (spec 2.4), and what the studio changed.
export function BetaResultCard({ generation, featured, inSet, actions }: { generation: GenerationDto; featured: boolean; inSet: SharedBySet | null; actions: ImageResultActions }) {
  const values = shownBetaValues(generation);
  const kind = resultKindOf(generation);
  const [first] = generation.images;
  const meta = (
    <>
      <ResultMeta label="Model">{modelLabel(generation.model)}</ResultMeta>
      <ResultMeta label="Size">{kind === "single" && first.width && first.height ? `${first.width}×${first.height}` : requestedSizeLabel(values)}</ResultMeta>
      <ResultMeta label="Tokens">{generation.tokens === null ? "—" : generation.tokens.toLocaleString("en-US")}</ResultMeta>
      <ResultMeta label="Request id" wide>
        <RequestIdValue requestId={generation.requestId} />
      </ResultMeta>
    </>
  );
  const shared = { generation, featured, inSet, testIdPrefix: "beta", actions, meta, notes: <Adjustments items={shownAdjustments(generation)} /> };
  if (kind === "layers") return <ResultCard {...shared} media={<LayerPanel generationId={generation.id} title={generation.prompt} images={generation.images} onUseAsReference={actions.onUseAsReference} />} />;
  if (kind === "group") return <ResultCard {...shared} media={<GroupSet generationId={generation.id} title={generation.prompt} images={generation.images} onUseAsReference={actions.onUseAsReference} />} />;
  return <ResultCard {...shared} image={first} />;
}
