"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { splitArrivals } from "./gallery-arrivals";
import { scrollMotion } from "@/components/ui/motion";

/** Within this distance of the page's top, new entries appear at once: the designer is looking there. */
const AT_TOP_PX = 120;

function useNearTop(): boolean {
  const [nearTop, setNearTop] = useState(true);
  useEffect(() => {
    const update = () => setNearTop(window.scrollY <= AT_TOP_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return nearTop;
}

/**
 * The gallery's tiles as the designer should see them: new entries appear at the top live while the
 * page is at its top; further down they wait (components/gallery/gallery-arrivals), counted for the
 * "n new" pill, whose `showArrived` brings them in and scrolls up to them. `listKey` names the list
 * (tab and filters): another list starts afresh; `settled` is false while a placeholder stands in for it.
 */
export function useGalleryArrivals<T extends { id: string }>(items: T[], listKey: string, settled: boolean) {
  const nearTop = useNearTop();
  const [seen, setSeen] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: listKey, ids: new Set() });
  const current = useMemo(() => (seen.key === listKey ? seen.ids : new Set<string>()), [seen, listKey]);
  const { arrived, rest } = useMemo(() => splitArrivals(items, current), [items, current]);
  const holding = settled && !nearTop && arrived.length > 0;
  const shown = holding ? rest : items;
  // What is on view counts as seen (state adjusted during render, React's pattern for derived state).
  if (settled && (seen.key !== listKey || shown.some((item) => !current.has(item.id)))) {
    setSeen({ key: listKey, ids: new Set([...current, ...shown.map((item) => item.id)]) });
  }

  const showArrived = useCallback(() => {
    setSeen((before) => ({ key: before.key, ids: new Set([...before.ids, ...items.map((item) => item.id)]) }));
    window.scrollTo({ top: 0, behavior: scrollMotion() });
  }, [items]);

  return { items: shown, arrived: holding ? arrived.length : 0, showArrived };
}
