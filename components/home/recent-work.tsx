import Link from "next/link";
import { kindBadge } from "@/components/gallery/gallery-format";
import { galleryHref } from "@/components/gallery/gallery-url";
import type { GalleryItemDto } from "@/lib/gallery/gallery-dto";

/** How many entries each strip of the home page shows: one row on a wide screen. */
export const RECENT_WORK_COUNT = 6;

// A strip of the newest gallery entries in one tab (the designer's own, or their active team's),
// each opening its detail, and a link to the whole tab: where the home page picks up the work.
export function RecentWork({ title, scope, items, testId }: { title: string; scope: string; items: GalleryItemDto[]; testId: string }) {
  const headingId = `${testId}-title`;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-sm font-semibold">
          {title}
        </h2>
        <Link href={galleryHref({ scope })} className="shrink-0 text-sm text-accent-700 hover:underline dark:text-accent-400">
          All in the gallery →
        </Link>
      </div>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
        {items.map((item) => (
          <li key={item.id} className="min-w-0">
            <Link
              href={`/gallery/${item.id}`}
              className="group block rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-zinc-950"
              data-testid="recent-work-item"
            >
              <span className="relative block aspect-square overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 group-hover:border-accent-400 dark:border-zinc-800 dark:bg-zinc-800/80">
                {item.thumbnailUrl ? (
                  <img src={item.deliveryThumbnailUrl ?? item.thumbnailUrl} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
                ) : (
                  <span className="grid size-full place-items-center text-xs text-muted">No preview</span>
                )}
                <span className="absolute top-1.5 left-1.5 max-w-[calc(100%-0.75rem)] truncate rounded bg-zinc-950/65 px-1 py-0.5 text-[10px] font-medium text-white">{kindBadge(item)}</span>
              </span>
              <span className="mt-1 block truncate text-xs text-zinc-700 group-hover:text-accent-700 dark:text-zinc-300 dark:group-hover:text-accent-400">{item.prompt || "Untitled"}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
