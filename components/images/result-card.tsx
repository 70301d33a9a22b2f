"use client";

import { useState, type ReactNode } from "react";
import { ActionIcon, actionClass, actionIconClass, cardActionLabelClass, icons } from "@/components/ui/action-icon";
import { Card } from "@/components/ui/card";
import type { AssetDto } from "@/lib/assets/asset-dto";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { ImageActions } from "./image-actions";
import { GenerationTiming } from "./result-parts";
import type { SharedBySet } from "./variation-sets";

/** What a result offers: view an image, refill the form, take an image as a reference. */
export type ImageResultActions = {
  onOpen: (generation: GenerationDto, image: AssetDto) => void;
  onReuse: (generation: GenerationDto) => void;
  onUseAsReference: (image: AssetDto) => void;
};

/**
 * One labelled number of a result (size, seed, tokens …), inside the card's `meta`. A `wide` one, a
 * number read whole (a seed, a request id), takes the whole row of a narrow card rather than be cut
 * short.
 */
export function ResultMeta({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "col-span-2 min-w-0 @2xs:col-span-1" : "min-w-0"}>
      <dt className="text-[11px] tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 flex min-w-0 items-center gap-1.5 text-[13px] text-zinc-800 tabular-nums dark:text-zinc-200">{children}</dd>
    </div>
  );
}

function ClampedText({ text, className }: { text: string; className: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > 220;
  return (
    <div>
      <p className={`${className} whitespace-pre-wrap ${long && !open ? "line-clamp-3" : ""}`}>{text}</p>
      {long ? (
        <button type="button" onClick={() => setOpen(!open)} className="mt-0.5 text-xs font-medium text-accent-700 hover:underline dark:text-accent-400">
          {open ? "Show less" : "Show all"}
        </button>
      ) : null}
    </div>
  );
}

/** What the service made of the prompt, said beside the result (or once over a variation set). */
export function RevisedPrompt({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 dark:border-zinc-800 dark:bg-zinc-950/40" data-testid={testId}>
      <p className="mb-0.5 text-[11px] font-medium tracking-wide text-muted uppercase">Revised prompt</p>
      <ClampedText text={text} className="text-[13px] leading-relaxed text-zinc-700 dark:text-zinc-300" />
    </div>
  );
}

function ImageButton({ generation, image, featured, testId, onOpen }: { generation: GenerationDto; image: AssetDto; featured: boolean; testId: string; onOpen: ImageResultActions["onOpen"] }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(generation, image)}
      aria-label="Open image in viewer"
      className={`group relative block w-full overflow-hidden bg-zinc-100 dark:bg-zinc-950 ${featured ? "h-[26rem] max-h-[60vh]" : "h-56 @md:h-full @md:min-h-56"}`}
    >
      <span className={`absolute flex items-center justify-center ${featured ? "inset-3 sm:inset-4" : "inset-2"}`}>
        <img
          src={featured ? image.delivery.url : (image.delivery.thumbnailUrl ?? image.delivery.url)}
          alt={generation.revisedPrompt ?? generation.prompt}
          className="max-h-full max-w-full rounded-md object-contain shadow-sm transition-transform group-hover:scale-[1.01]"
          data-testid={testId}
        />
      </span>
      <span className="pointer-events-none absolute right-2 bottom-2 rounded-md bg-black/55 px-1.5 py-0.5 text-[11px] text-white opacity-0 transition-opacity group-hover:opacity-100">
        Click to zoom
      </span>
    </button>
  );
}

type Props = {
  generation: GenerationDto;
  /** The newest result is shown large. */
  featured: boolean;
  /** A cell of a variation set: the set shows the prompt once, and what `SharedBySet` names. */
  inSet?: SharedBySet | null;
  /** Test ids are `${testIdPrefix}-result`, `-result-image`, `-revised-prompt`. */
  testIdPrefix: string;
  actions: ImageResultActions;
  /** The numbers of the result, as ResultMeta items. */
  meta: ReactNode;
  /** Said under the numbers (what the studio changed, for instance). */
  notes?: ReactNode;
} & ({ image: AssetDto; media?: never } | { image?: never; media: ReactNode });

// One finished generation of a history: its stored image (or a set of images, `media`), what was
// asked and what the service made of it (revised prompt), the numbers needed to repeat or trace it,
// and what can be done next with it.
export function ResultCard({ generation, image, media, featured, inSet = null, testIdPrefix, actions, meta, notes }: Props) {
  // Beside its numbers where the card has room (container queries: a set's cells are narrow).
  const beside = image !== undefined && !featured;
  return (
    <Card className={`overflow-hidden ${beside ? "@md:grid @md:grid-cols-[13rem_minmax(0,1fr)]" : ""}`} data-testid={`${testIdPrefix}-result`} aria-label={image ? "Generated image" : "Generated images"} role="article">
      <div className={beside ? "border-b border-zinc-200 @md:border-r @md:border-b-0 dark:border-zinc-800" : "border-b border-zinc-200 dark:border-zinc-800"}>
        {image ? <ImageButton generation={generation} image={image} featured={featured} testId={`${testIdPrefix}-result-image`} onOpen={actions.onOpen} /> : media}
      </div>
      <div className="min-w-0 space-y-3 p-4">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          <GenerationTiming generation={generation} />
        </div>

        {inSet ? null : <ClampedText text={generation.prompt} className="text-sm leading-relaxed text-zinc-900 dark:text-zinc-100" />}

        {generation.revisedPrompt && generation.revisedPrompt !== inSet?.revisedPrompt ? <RevisedPrompt text={generation.revisedPrompt} testId={`${testIdPrefix}-revised-prompt`} /> : null}

        {/* Featured, on one line: the first three as wide as they need, the last (a request id) the rest, so it shows whole. */}
        <dl className={`grid grid-flow-row-dense grid-cols-2 gap-x-4 gap-y-2 ${featured ? "sm:grid-cols-[repeat(3,auto)_minmax(0,1fr)] sm:gap-x-8" : ""}`}>{meta}</dl>
        {notes}

        <div className="flex flex-wrap gap-1.5 pt-1">
          <button type="button" className={actionClass} title="Reuse settings" onClick={() => actions.onReuse(generation)}>
            <ActionIcon path={icons.reuse} className={actionIconClass} />
            <span className={cardActionLabelClass}>Reuse settings</span>
          </button>
          {image ? <ImageActions image={image} onUseAsReference={actions.onUseAsReference} labelClass={cardActionLabelClass} /> : null}
        </div>
      </div>
    </Card>
  );
}
