"use client";

import type { ReactNode } from "react";
import { Segmented } from "@/components/ui/segmented";
import type { PersonDto } from "@/lib/gallery/gallery-dto";
import { GALLERY_MODELS } from "@/lib/gallery/gallery-models";
import { GALLERY_KIND_LABELS, GALLERY_KINDS } from "@/lib/gallery/gallery-rules";
import { modelLabel } from "./gallery-format";
import { GallerySearchBox } from "./gallery-search-box";
import { hasFilters, type FilterKey, type GalleryFilters } from "./gallery-url";

type Props = {
  filters: GalleryFilters;
  onFilter: (key: FilterKey, value: string) => void;
  onSearch: (text: string) => void;
  onClear: () => void;
  /** In a team's tab: the people whose entries were seen, for the creator filter. */
  creators: PersonDto[] | null;
};

const selectClass =
  "h-9 rounded-lg border border-zinc-300 bg-white pr-8 pl-3 text-sm text-zinc-800 shadow-sm focus:border-accent-500 focus:ring-2 focus:ring-accent-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";
const dateClass =
  "h-9 rounded-lg border border-zinc-300 bg-white px-2.5 text-sm text-zinc-800 shadow-sm focus:border-accent-500 focus:ring-2 focus:ring-accent-500/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:[color-scheme:dark]";

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-[11px] font-medium tracking-wide text-muted uppercase">{label}</span>
      {children}
    </label>
  );
}

// The gallery's filters: kind, model, date range, creator (team tabs), shared state
// (Mine), and the prompt search. Each change goes to the address.
export function GalleryFilters({ filters, onFilter, onSearch, onClear, creators }: Props) {
  return (
    <div className="space-y-3" data-testid="gallery-filters">
      <div className="flex flex-wrap items-center gap-3">
        <GallerySearchBox value={filters.q ?? ""} onSearch={onSearch} />
        {creators === null ? (
          <Segmented
            label="Shared state"
            value={filters.shared ?? "all"}
            options={[
              { value: "all", label: "All" },
              { value: "shared", label: "Shared" },
              { value: "private", label: "Private" },
            ]}
            onChange={(value) => onFilter("shared", value === "all" ? "" : value)}
            testIdPrefix="gallery-shared"
          />
        ) : null}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Labelled label="Kind">
          <select className={selectClass} value={filters.kind ?? ""} onChange={(event) => onFilter("kind", event.target.value)} data-testid="gallery-kind">
            <option value="">All kinds</option>
            {GALLERY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {GALLERY_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled label="Model">
          <select className={selectClass} value={filters.model ?? ""} onChange={(event) => onFilter("model", event.target.value)} data-testid="gallery-model">
            <option value="">All models</option>
            {GALLERY_MODELS.map((model) => (
              <option key={model} value={model}>
                {modelLabel(model)}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled label="From">
          <input type="date" className={dateClass} value={filters.from ?? ""} max={filters.to} onChange={(event) => onFilter("from", event.target.value)} />
        </Labelled>
        <Labelled label="To">
          <input type="date" className={dateClass} value={filters.to ?? ""} min={filters.from} onChange={(event) => onFilter("to", event.target.value)} />
        </Labelled>
        {creators !== null ? (
          <Labelled label="Creator">
            <select className={selectClass} value={filters.creator ?? ""} onChange={(event) => onFilter("creator", event.target.value)} data-testid="gallery-creator">
              <option value="">Everyone</option>
              {creators.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          </Labelled>
        ) : null}
        {hasFilters(filters) ? (
          <button type="button" onClick={onClear} className="h-9 rounded-lg px-3 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100">
            Clear filters
          </button>
        ) : null}
      </div>
    </div>
  );
}
