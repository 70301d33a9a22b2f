"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";
import { galleryHref, type GalleryFilters } from "./gallery-url";

type Asked = { filters: GalleryFilters; pending: string[] };

/**
 * Moves the gallery's address to new filters, each change composed from the latest one asked for
 * rather than from the address: a push lands a render or two later, and a second click before it
 * lands must build on the first, not undo it. Once the address moves somewhere this tab did not
 * ask for (back, forward, a link), the address is the truth again.
 */
export function useFilterNavigation(filters: GalleryFilters) {
  const router = useRouter();
  const asked = useRef<Asked>({ filters, pending: [] });
  const href = galleryHref(filters);

  useEffect(() => {
    const state = asked.current;
    const landed = state.pending.indexOf(href);
    state.pending = landed >= 0 ? state.pending.slice(landed + 1) : [];
    if (state.pending.length === 0) state.filters = filters;
  }, [href, filters]);

  const go = useCallback(
    (next: GalleryFilters, how: "push" | "replace" = "push") => {
      const target = galleryHref(next);
      asked.current = { filters: next, pending: [...asked.current.pending, target] };
      router[how](target, { scroll: false });
    },
    [router],
  );
  const change = useCallback((update: (latest: GalleryFilters) => GalleryFilters, how: "push" | "replace" = "push") => go(update(asked.current.filters), how), [go]);
  return { change };
}
