"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { ActionIcon, icons } from "@/components/ui/action-icon";
import type { GalleryItemDetailDto } from "@/lib/gallery/gallery-dto";
import { variationsLabel } from "./gallery-format";

type Props = { item: Pick<GalleryItemDetailDto, "id" | "variations"> };

const stepClass =
  "inline-flex size-8 items-center justify-center rounded-lg border border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800";
const disabledStepClass = "inline-flex size-8 items-center justify-center rounded-lg border border-zinc-100 text-zinc-300 dark:border-zinc-800 dark:text-zinc-600";

/** A step to the previous or next image of the set; drawn greyed out at either end. */
function VariationStep({ to, direction }: { to: { id: string } | undefined; direction: "previous" | "next" }) {
  const icon = <ActionIcon path={icons[direction]} className="size-4" />;
  if (!to) {
    return (
      <span className={disabledStepClass} aria-hidden>
        {icon}
      </span>
    );
  }
  return (
    <Link href={`/gallery/${to.id}`} className={stepClass} aria-label={direction === "previous" ? "Previous variation" : "Next variation"} data-testid={`gallery-variation-${direction}`}>
      {icon}
    </Link>
  );
}

/** Whether a key press belongs to a field or a control that uses the arrows itself. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT", "VIDEO"].includes(target.tagName) || target.closest("[role=dialog]") !== null);
}

// The images of the variation set an entry belongs to: where this one stands ("2 of 3"), the
// previous and next (also on the arrow keys), and each as a thumbnail to jump to. Every image is its
// own entry, so the actions beside it (download, share, delete, reuse with its seed) are that image's.
export function VariationNav({ item }: Props) {
  const router = useRouter();
  const index = item.variations.findIndex((variation) => variation.id === item.id);
  const previous = index > 0 ? item.variations[index - 1] : undefined;
  const next = index >= 0 ? item.variations[index + 1] : undefined;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      const target = event.key === "ArrowLeft" ? previous : event.key === "ArrowRight" ? next : undefined;
      if (target) router.push(`/gallery/${target.id}`);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [previous, next, router]);

  if (item.variations.length < 2 || index === -1) return null;
  return (
    <nav aria-label="Variations of this set" className="flex flex-wrap items-center gap-3 rounded-xl border border-zinc-200 bg-white p-2.5 dark:border-zinc-800 dark:bg-zinc-900" data-testid="gallery-variations">
      <div className="flex items-center gap-1.5">
        <VariationStep to={previous} direction="previous" />
        <p className="min-w-24 text-center text-sm font-medium tabular-nums" aria-live="polite" data-testid="gallery-variation-position">
          {index + 1} of {variationsLabel(item.variations.length)}
        </p>
        <VariationStep to={next} direction="next" />
      </div>
      <ol className="flex flex-wrap gap-2">
        {item.variations.map((variation, position) => (
          <li key={variation.id}>
            <Link
              href={`/gallery/${variation.id}`}
              aria-label={`Variation ${position + 1}`}
              aria-current={variation.id === item.id ? "page" : undefined}
              className={`block size-12 overflow-hidden rounded-lg border-2 bg-zinc-100 dark:bg-zinc-800 ${
                variation.id === item.id ? "border-accent-500" : "border-transparent opacity-80 hover:opacity-100"
              }`}
              data-testid="gallery-variation-thumb"
            >
              {variation.thumbnailUrl ? <img src={variation.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" /> : null}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
