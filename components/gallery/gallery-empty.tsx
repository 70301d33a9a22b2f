import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { TeamRefDto } from "@/lib/gallery/gallery-dto";
import { hasFilters, type GalleryFilters } from "./gallery-url";

const linkClass = "font-medium text-accent-700 hover:underline dark:text-accent-400";

/** An empty tab says what to do next: clear the filters, make something, or share something. */
export function GalleryEmpty({ filters, team, onClear }: { filters: GalleryFilters; team: TeamRefDto | null; onClear: () => void }) {
  const filtered = hasFilters(filters);
  return (
    <Card className="flex flex-col items-center gap-2 border-dashed px-6 py-16 text-center" data-testid="gallery-empty">
      <p className="text-lg font-semibold">{filtered ? "Nothing matches these filters" : team ? `Nothing shared with ${team.name} yet` : "Your gallery is empty"}</p>
      <p className="max-w-md text-sm text-muted">
        {filtered ? (
          "Try fewer words or a wider date range."
        ) : team ? (
          "Entries appear here when someone in the team shares them: in Mine, select entries and choose Share with…, or open one and share it."
        ) : (
          <>
            What you make lands here: images in <Link className={linkClass} href="/alpha">Alpha v3</Link> and <Link className={linkClass} href="/beta">Beta</Link>, conversations in the{" "}
            <Link className={linkClass} href="/chat">chat editor</Link>, and <Link className={linkClass} href="/videos">videos</Link>.
          </>
        )}
      </p>
      {filtered ? (
        <Button size="sm" variant="secondary" className="mt-2" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </Card>
  );
}

/** The grid's shape while the first page loads, so nothing jumps when it arrives. */
export function GallerySkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5" aria-busy="true" aria-label="Loading the gallery">
      {Array.from({ length: 10 }, (_, index) => (
        <div key={index}>
          <div className="aspect-square animate-pulse rounded-xl bg-zinc-200/70 dark:bg-zinc-800/70" />
          <div className="mt-2 h-3 w-3/4 animate-pulse rounded bg-zinc-200/70 dark:bg-zinc-800/70" />
        </div>
      ))}
    </div>
  );
}
