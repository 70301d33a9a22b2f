"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ActionIcon, icons } from "@/components/ui/action-icon";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { RetryAlert } from "@/components/ui/retry-alert";
import type { GalleryItemDetailDto } from "@/lib/gallery/gallery-dto";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";
import { DetailActions } from "./detail-actions";
import { DetailFacts } from "./detail-facts";
import { DetailMedia } from "./detail-media";
import { kindBadge, modelLabel } from "./gallery-format";
import { LineageList } from "./lineage-list";
import { galleryItemQuery, isNotFound } from "./gallery-queries";
import { VariationNav } from "./variation-nav";
import { PromptCard } from "@/components/ui/prompt-card";

function BackLink() {
  return (
    <Link href="/gallery" className="inline-flex items-center gap-1 text-sm font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
      <ActionIcon path={icons.previous} className="size-4" />
      Gallery
    </Link>
  );
}

// One gallery entry: the image(s) or the video full size, the request that
// made it, and what the viewer may do with it. An entry the viewer may not see reads as missing.
export function GalleryDetail({ id, teams }: { id: string; teams: TeamSummaryDto[] }) {
  const item = useQuery(galleryItemQuery(id));

  if (item.isPending) {
    return (
      <div className="space-y-6" aria-busy="true" aria-label="Loading the entry">
        <BackLink />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Card className="aspect-square animate-pulse bg-zinc-100/70 dark:bg-zinc-900/60" />
          <Card className="h-96 animate-pulse bg-zinc-100/70 dark:bg-zinc-900/60" />
        </div>
      </div>
    );
  }
  if (item.isError) {
    return (
      <div className="space-y-6">
        <BackLink />
        {isNotFound(item.error) ? (
          <Card className="flex flex-col items-center gap-2 border-dashed px-6 py-16 text-center" data-testid="gallery-not-found">
            <p className="text-lg font-semibold">No such item</p>
            <p className="max-w-md text-sm text-muted">It may have been deleted or made private, or the link is wrong. Your entries and your teams&apos; are in the Gallery.</p>
          </Card>
        ) : (
          <RetryAlert title="The entry could not be loaded" onRetry={() => void item.refetch()}>
            {item.error.message}
          </RetryAlert>
        )}
      </div>
    );
  }
  return <DetailView item={item.data} teams={teams} />;
}

function DetailView({ item, teams }: { item: GalleryItemDetailDto; teams: TeamSummaryDto[] }) {
  return (
    <div className="space-y-6" data-testid="gallery-detail">
      <div className="space-y-3">
        <BackLink />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">{modelLabel(item.model)}</h1>
          <Badge>{kindBadge(item)}</Badge>
          <Badge tone={item.sharedWith ? "accent" : "neutral"}>{item.sharedWith ? `Shared with ${item.sharedWith.name}` : "Private"}</Badge>
          <span className="text-sm text-muted">by {item.owner.name}</span>
        </div>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <VariationNav item={item} />
          <DetailMedia item={item} />
          <PromptCard prompt={item.prompt} testId="gallery-detail-prompt">
            {item.request.revisedPrompt ? (
              <div className="space-y-1 border-t border-zinc-100 pt-3 dark:border-zinc-800">
                <h2 className="text-[11px] font-medium tracking-wide text-muted uppercase">Revised prompt</h2>
                <p className="text-sm leading-relaxed whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{item.request.revisedPrompt}</p>
              </div>
            ) : null}
            {item.references.length > 0 ? (
              <div className="space-y-2 border-t border-zinc-100 pt-3 dark:border-zinc-800">
                <h2 className="text-[11px] font-medium tracking-wide text-muted uppercase">References</h2>
                <ul className="flex flex-wrap gap-2">
                  {item.references.map((reference, index) => (
                    <li key={reference.id}>
                      <a href={reference.url} target="_blank" rel="noreferrer" className="block size-20 overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-800" title={`Reference ${index + 1}`}>
                        {reference.thumbnailUrl ? <img src={reference.thumbnailUrl} alt={`Reference ${index + 1}`} loading="lazy" className="size-full object-cover" /> : <span className="grid size-full place-items-center text-[11px] text-muted">{reference.mime}</span>}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </PromptCard>
        </div>

        <Card className="space-y-5 p-4">
          <DetailActions item={item} teams={teams} />
          <LineageList title="Made from" entries={item.lineage.madeFrom} testId="gallery-made-from" />
          <LineageList title="Used in" entries={item.lineage.usedIn} testId="gallery-used-in" />
          <DetailFacts item={item} />
        </Card>
      </div>
    </div>
  );
}
