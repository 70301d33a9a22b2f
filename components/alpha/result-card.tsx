"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import type { AssetDto } from "@/lib/assets/asset-dto";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { storedSettingsOf } from "./generation-settings";
import { GenerationTiming, RequestIdValue, SeedValue } from "./result-parts";

export type ResultActions = {
  onOpen: (generation: GenerationDto, image: AssetDto) => void;
  onReuse: (generation: GenerationDto) => void;
  onUseAsReference: (image: AssetDto) => void;
  onUseSeed: (seed: number) => void;
};

const icons = {
  reuse: "M4 10a6 6 0 0 1 10.2-4.3L16 7.5M16 3.5v4h-4M16 10a6 6 0 0 1-10.2 4.3L4 12.5m0 4v-4h4",
  reference: "M3 5.5A2.5 2.5 0 0 1 5.5 3h9A2.5 2.5 0 0 1 17 5.5v9a2.5 2.5 0 0 1-2.5 2.5h-9A2.5 2.5 0 0 1 3 14.5v-9ZM10 7v6M7 10h6",
  chat: "M3 5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H8l-4 3v-3.2A2 2 0 0 1 3 12V5Z",
  download: "M10 3v9m0 0 3.5-3.5M10 12 6.5 8.5M4 14v1.5A1.5 1.5 0 0 0 5.5 17h9a1.5 1.5 0 0 0 1.5-1.5V14",
};

const actionClass =
  "inline-flex h-8 items-center gap-1.5 rounded-lg border border-zinc-200 bg-white px-2.5 text-[13px] font-medium text-zinc-700 transition-colors hover:border-zinc-300 hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800";

function ActionIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4 text-zinc-500 dark:text-zinc-400" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={path} />
    </svg>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] tracking-wide text-zinc-500 uppercase">{label}</dt>
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

// One finished generation of the history: the stored image (the newest large), what was asked and
// what the service made of it (revised prompt, spec 2.1), the numbers needed to repeat or trace it
// (size, seed, tokens, request id) and what can be done next with it.
export function ResultCard({ generation, image, featured, actions }: { generation: GenerationDto; image: AssetDto; featured: boolean; actions: ResultActions }) {
  const settings = storedSettingsOf(generation);
  return (
    <Card className={`overflow-hidden ${featured ? "" : "sm:grid sm:grid-cols-[13rem_minmax(0,1fr)]"}`} data-testid="alpha-result" aria-label="Generated image" role="article">
      <div className={featured ? "border-b border-zinc-200 dark:border-zinc-800" : "border-b border-zinc-200 sm:border-r sm:border-b-0 dark:border-zinc-800"}>
        <button
          type="button"
          onClick={() => actions.onOpen(generation, image)}
          aria-label="Open image in viewer"
          className={`group relative block w-full overflow-hidden bg-zinc-100 dark:bg-zinc-950 ${featured ? "h-[26rem] max-h-[60vh]" : "h-56 sm:h-full sm:min-h-56"}`}
        >
          <span className={`absolute flex items-center justify-center ${featured ? "inset-3 sm:inset-4" : "inset-2"}`}>
            <img
              src={featured ? image.url : (image.thumbnailUrl ?? image.url)}
              alt={generation.revisedPrompt ?? generation.prompt}
              className="max-h-full max-w-full rounded-md object-contain shadow-sm transition-transform group-hover:scale-[1.01]"
              data-testid="alpha-result-image"
            />
          </span>
          <span className="pointer-events-none absolute right-2 bottom-2 rounded-md bg-black/55 px-1.5 py-0.5 text-[11px] text-white opacity-0 transition-opacity group-hover:opacity-100">
            Click to zoom
          </span>
        </button>
      </div>
      <div className="min-w-0 space-y-3 p-4">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-500">
          <GenerationTiming generation={generation} />
        </div>

        <ClampedText text={generation.prompt} className="text-sm leading-relaxed text-zinc-900 dark:text-zinc-100" />

        {generation.revisedPrompt ? (
          <div className="rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 dark:border-zinc-800 dark:bg-zinc-950/40" data-testid="alpha-revised-prompt">
            <p className="mb-0.5 text-[11px] font-medium tracking-wide text-zinc-500 uppercase">Revised prompt</p>
            <ClampedText text={generation.revisedPrompt} className="text-[13px] leading-relaxed text-zinc-700 dark:text-zinc-300" />
          </div>
        ) : null}

        <dl className={`grid grid-cols-2 gap-x-4 gap-y-2 ${featured ? "sm:grid-cols-4" : ""}`}>
          <Meta label="Size">{image.width && image.height ? `${image.width}×${image.height}` : settings.size.replace("x", "×")}</Meta>
          <Meta label="Seed">
            <SeedValue seed={settings.seed} onUseSeed={actions.onUseSeed} />
          </Meta>
          <Meta label="Tokens">{generation.tokens === null ? "—" : generation.tokens.toLocaleString("en-US")}</Meta>
          <Meta label="Request id">
            <RequestIdValue requestId={generation.requestId} />
          </Meta>
        </dl>

        <div className="flex flex-wrap gap-1.5 pt-1">
          <button type="button" className={actionClass} onClick={() => actions.onReuse(generation)}>
            <ActionIcon path={icons.reuse} />
            Reuse settings
          </button>
          <button type="button" className={actionClass} onClick={() => actions.onUseAsReference(image)}>
            <ActionIcon path={icons.reference} />
            Use as reference
          </button>
          <Link className={actionClass} href={`/chat?image=${encodeURIComponent(image.id)}`}>
            <ActionIcon path={icons.chat} />
            Open in chat editor
          </Link>
          <a className={actionClass} href={image.downloadUrl} download>
            <ActionIcon path={icons.download} />
            Download
          </a>
        </div>
      </div>
    </Card>
  );
}
