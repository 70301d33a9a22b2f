"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useId, useMemo, useState } from "react";
import { ActionIcon, icons } from "@/components/ui/action-icon";
import { Button } from "@/components/ui/button";
import { RetryAlert } from "@/components/ui/retry-alert";
import { Spinner } from "@/components/ui/spinner";
import type { GalleryItemDto, PersonDto } from "@/lib/gallery/gallery-dto";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";
import { GalleryEmpty, GallerySkeleton } from "./gallery-empty";
import { GalleryFilters } from "./gallery-filters";
import { GalleryGrid } from "./gallery-grid";
import { galleryListQuery } from "./gallery-queries";
import { emptySelection, keptIn, selectedEntries, type Selection } from "./gallery-selection";
import { GalleryTabs } from "./gallery-tabs";
import { activeFilterCount, galleryHref, withFilter, withScope, type FilterKey, type GalleryFilters as Filters } from "./gallery-url";
import { SelectionBar } from "./selection-bar";
import { useFilterNavigation } from "./use-filter-navigation";
import { useGalleryArrivals } from "./use-gallery-arrivals";
import { DELIVERY_REFRESH_MS } from "@/lib/assets/delivery-lifetime";

const TEAM_TAB_REFRESH_MS = 15_000;

// The Gallery page: "Mine" and one tab per team of the user, filters and the prompt
// search in the address, the entries in a virtualised grid loaded page by page as it scrolls, and
// a selection to download, share, unshare or delete several at once. The server page reads the
// filters from the address (every change of it renders the page again) and hands them over.
export function GalleryBrowser({ teams, filters }: { teams: TeamSummaryDto[]; filters: Filters }) {
  const team = filters.scope === "mine" ? null : (teams.find((candidate) => candidate.id === filters.scope) ?? null);

  // The designer's own new entries arrive with their jobs' events (components/jobs/jobs-provider);
  // what teammates share into a team's tab is read again every so often.
  const list = useInfiniteQuery({ ...galleryListQuery(filters), placeholderData: keepPreviousData, refetchInterval: filters.scope === "mine" ? DELIVERY_REFRESH_MS : TEAM_TAB_REFRESH_MS });
  const listed = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const arrivals = useGalleryArrivals(listed, JSON.stringify(filters), list.isSuccess && !list.isPlaceholderData);
  const { items } = arrivals;
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [selecting, setSelecting] = useState(false);
  // Narrow screens fold the filters away behind one button so the grid starts high on a phone.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const narrowing = activeFilterCount(filters);

  const { change } = useFilterNavigation(filters);

  // Entries that left the list (another filter, a delete) leave the selection too.
  const order = useMemo(() => items.map((item) => item.id), [items]);
  const shownSelection = useMemo(() => keptIn(selection, order), [selection, order]);
  // A variation set's tile stands for its images: an action on it acts on each of them.
  const selectedIds = useMemo(() => selectedEntries(shownSelection, items), [shownSelection, items]);
  // Each image of a set is an entry of its own (its tile stands for them all).
  const entryCount = items.reduce((count, item) => count + item.variationIds.length, 0);
  const creators = useMemo(() => creatorsOf(items, filters.creator), [items, filters.creator]);

  const onFilter = useCallback((key: FilterKey, value: string) => change((latest) => withFilter(latest, key, value)), [change]);
  const onSearch = useCallback((text: string) => change((latest) => withFilter(latest, "q", text), "replace"), [change]);
  const clearFilters = useCallback(() => change((latest) => ({ scope: latest.scope })), [change]);
  const loadMore = useCallback(() => void list.fetchNextPage(), [list]);

  const clearSelection = () => {
    setSelection(emptySelection);
    setSelecting(false);
  };

  return (
    <div className="space-y-4 sm:space-y-5">
      <div className="flex items-end justify-between gap-3 border-b border-zinc-200 dark:border-zinc-800">
        <GalleryTabs teams={teams} scope={filters.scope} hrefOf={(scope) => galleryHref(withScope(filters, scope))} />
        <div className="mb-2 flex shrink-0 gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setFiltersOpen(!filtersOpen)}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            className="md:hidden"
            data-testid="gallery-filters-toggle"
          >
            {narrowing > 0 ? `Filters · ${narrowing}` : "Filters"}
          </Button>
          <Button
            size="sm"
            variant={selecting ? "primary" : "secondary"}
            onClick={() => (selecting ? clearSelection() : setSelecting(true))}
            aria-pressed={selecting}
            data-testid="gallery-select"
          >
            {selecting ? "Done selecting" : "Select"}
          </Button>
        </div>
      </div>

      <div id={filtersId} className={filtersOpen ? "" : "hidden md:block"}>
        <GalleryFilters
          filters={filters}
          onFilter={onFilter}
          onSearch={onSearch}
          onClear={clearFilters}
          creators={filters.scope === "mine" ? null : creators}
        />
      </div>

      {/* No height of its own, so the pill appearing moves nothing; it stays in view while the page scrolls. */}
      <div className="sticky top-24 z-30 flex h-0 justify-center lg:top-4">
        {arrivals.arrived > 0 ? (
          <button
            type="button"
            onClick={arrivals.showArrived}
            className="inline-flex h-8 items-center gap-1.5 rounded-full bg-accent-600 px-3.5 text-sm font-medium text-white shadow-lg shadow-zinc-900/20 hover:bg-accent-700 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-zinc-950"
            data-testid="gallery-new-pill"
          >
            <ActionIcon path={icons.up} className="size-4" />
            {arrivals.arrived} new
          </button>
        ) : null}
      </div>

      {list.isPending ? (
        <GallerySkeleton />
      ) : list.isError && items.length === 0 ? (
        <RetryAlert title="The gallery could not be loaded" onRetry={() => void list.refetch()}>
          {list.error.message}
        </RetryAlert>
      ) : items.length === 0 ? (
        <GalleryEmpty filters={filters} team={team} onClear={clearFilters} />
      ) : (
        <div className={`transition-opacity ${list.isPlaceholderData ? "opacity-60" : ""}`} aria-busy={list.isFetching}>
          <GalleryGrid
            items={items}
            selection={shownSelection}
            onSelection={setSelection}
            selecting={selecting}
            showCreator={filters.scope !== "mine"}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={loadMore}
          />
          <div className="flex h-12 items-center justify-center text-sm text-muted">
            {list.isFetchingNextPage ? (
              <Spinner />
            ) : list.isFetchNextPageError ? (
              <Button size="sm" variant="secondary" onClick={loadMore}>
                Load more
              </Button>
            ) : list.hasNextPage ? null : (
              <span data-testid="gallery-end">{entryCount === 1 ? "1 entry" : `${entryCount} entries`}</span>
            )}
          </div>
        </div>
      )}

      {selectedIds.size > 0 ? <SelectionBar ids={selectedIds} teams={teams} onClear={clearSelection} /> : null}
      <p className="sr-only" aria-live="polite">
        {selectedIds.size > 0 ? `${selectedIds.size} selected` : ""}
      </p>
    </div>
  );
}

/** The creator filter's people: those seen in the loaded entries (the list names no members), and the one filtered on. */
function creatorsOf(items: GalleryItemDto[], creator: string | undefined): PersonDto[] {
  const people = new Map(items.map((item) => [item.owner.id, item.owner]));
  if (creator && !people.has(creator)) people.set(creator, { id: creator, name: "The chosen person" });
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}
