import Link from "next/link";
import { LINEAGE_ROLE_LABELS, type LineageEntryDto } from "@/lib/gallery/lineage-dto";
import { modelLabel, shortPrompt } from "./gallery-format";

// One direction of an entry's lineage ("Made from", "Used in"): the entries on the other end that
// the viewer may see, each a link to its detail, with how the image was used. Nothing when none.
export function LineageList({ title, entries, testId }: { title: string; entries: readonly LineageEntryDto[]; testId: string }) {
  if (entries.length === 0) return null;
  return (
    <section className="space-y-2" data-testid={testId}>
      <h3 className="text-[11px] font-medium tracking-wide text-muted uppercase">{title}</h3>
      <ul className="space-y-1.5">
        {entries.map((entry) => (
          <li key={`${entry.itemId}-${entry.role}`}>
            <Link href={`/gallery/${entry.itemId}`} className="flex items-center gap-2 rounded-lg p-1 hover:bg-zinc-50 dark:hover:bg-zinc-800/60" data-testid={`${testId}-link`}>
              <span className="size-10 shrink-0 overflow-hidden rounded-md border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-800">
                {entry.thumbnailUrl ? <img src={entry.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" /> : null}
              </span>
              <span className="min-w-0 text-sm">
                <span className="block truncate font-medium text-zinc-800 dark:text-zinc-200">{shortPrompt(entry.prompt, 40)}</span>
                <span className="block text-xs text-muted">
                  {modelLabel(entry.model)} · {LINEAGE_ROLE_LABELS[entry.role]}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
