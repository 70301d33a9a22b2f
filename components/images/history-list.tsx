"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useJobsOnceHydrated } from "@/components/jobs/use-jobs";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RetryAlert } from "@/components/ui/retry-alert";
import type { AssetDto } from "@/lib/assets/asset-dto";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { isActiveJobState, type JobDto } from "@/lib/jobs/job-dto";
import { historyItems, useGenerationHistory } from "./generation-history";
import type { GenerationHistorySource } from "./generation-history-query";
import { Lightbox } from "./lightbox-on-demand";
import { VariationSet } from "./variation-set";
import { groupVariationSets, type SharedBySet } from "./variation-sets";

/** One generation of the list, with its job when the jobs list still holds it. */
export type HistoryEntry = {
  generation: GenerationDto;
  job: JobDto | undefined;
  /** The newest image is shown large. */
  featured: boolean;
  /** One cell of a variation set: what the set shows once (its prompt, and `SharedBySet`); null alone. */
  inSet: SharedBySet | null;
  onOpen: (generation: GenerationDto, image: AssetDto) => void;
};

/** What a generator's history offers on its cards (`A`), the viewer aside, and "Run again" on failures. */
export type HistoryActions<A extends { onOpen: unknown }> = Omit<A, "onOpen"> & { onRunAgain: (jobId: string) => void };

type Props = {
  source: GenerationHistorySource;
  /** Prefix of the heading's id ("alpha" → alpha-results-heading). */
  name: string;
  /** What the empty state tells the designer to do. */
  emptyHint: string;
  renderItem: (entry: HistoryEntry) => ReactNode;
};

// A generator page's results, newest first, older pages loaded as the designer scrolls. A
// generation still running stands as a placeholder fed by its job (components/jobs), wherever it
// was started.
export function HistoryList({ source, name, emptyHint, renderItem }: Props) {
  const history = useGenerationHistory(source);
  // The server draws the first page without the jobs list (components/jobs/use-jobs).
  const jobs = useJobsOnceHydrated((list) => list.jobs);
  const jobOf = new Map<string, JobDto>((jobs ?? []).flatMap((job) => (job.generationId ? [[job.generationId, job] as const] : [])));
  const [viewing, setViewing] = useState<{ generation: GenerationDto; image: AssetDto }>();
  const items = historyItems(history.data);
  const onOpen = (generation: GenerationDto, image: AssetDto) => setViewing({ generation, image });
  const groups = groupVariationSets(items);
  // The newest single image is shown large (a set's images stand side by side); failures above it
  // stay compact and do not push it down a size.
  const featuredId = groups.find(({ generations: [item, ...others] }) => others.length === 0 && item.status === "succeeded" && item.images.length > 0)?.key;
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  // A generation still stored as pending whose job has ended was read before that end (the history
  // was fetched while the job ran, and landed after the end's refresh): it is read again.
  const queryClient = useQueryClient();
  const stale = items.some((item) => item.status === "pending" && jobOf.has(item.id) && !isActiveJobState(jobOf.get(item.id)!.state));
  useEffect(() => {
    if (stale) void queryClient.invalidateQueries({ queryKey: source.key });
  }, [stale, queryClient, source.key]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: "600px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section aria-labelledby={`${name}-results-heading`} className="min-w-0 space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${name}-results-heading`} className="text-sm font-semibold">
          Results
        </h2>
        {items.length > 0 ? <span className="text-xs text-muted">Newest first</span> : null}
      </div>

      {history.isPending ? (
        <Card className="h-72 animate-pulse bg-zinc-100/70 dark:bg-zinc-900/60" aria-busy="true" />
      ) : history.isError ? (
        <RetryAlert title="Your results could not be loaded" onRetry={() => void history.refetch()}>
          {history.error.message}
        </RetryAlert>
      ) : items.length === 0 ? (
        <EmptyResults hint={emptyHint} />
      ) : (
        <ol className="space-y-4">
          {groups.map(({ key, generations }) => (
            <li key={key} className="@container">
              {generations.length > 1 ? (
                <VariationSet name={name} generations={generations} renderCell={(generation, shared) => renderItem({ generation, job: jobOf.get(generation.id), featured: false, inSet: shared, onOpen })} />
              ) : (
                renderItem({ generation: generations[0], job: jobOf.get(generations[0].id), featured: key === featuredId, inSet: null, onOpen })
              )}
            </li>
          ))}
        </ol>
      )}

      {hasNextPage ? (
        <div ref={sentinel} className="flex justify-center pt-2">
          <Button variant="secondary" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? "Loading…" : "Load older results"}
          </Button>
        </div>
      ) : null}

      {viewing ? <Lightbox image={viewing.image} caption={viewing.generation.prompt} onClose={() => setViewing(undefined)} /> : null}
    </section>
  );
}

function EmptyResults({ hint }: { hint: string }) {
  return (
    <Card className="flex flex-col items-center justify-center gap-3 border-dashed px-6 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-accent-50 text-accent-600 dark:bg-accent-500/10 dark:text-accent-400">
        <svg viewBox="0 0 20 20" className="size-6" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" aria-hidden>
          <path d="M3 5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5Zm3 9h8l-2.5-3.5-2 2.5L8 11l-2 3Zm1.5-6a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" />
        </svg>
      </span>
      <div>
        <p className="font-medium">No images yet</p>
        <p className="mx-auto mt-1 max-w-sm text-sm text-muted">
          {hint}
        </p>
      </div>
    </Card>
  );
}
