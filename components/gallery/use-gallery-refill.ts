"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { ReferenceImage } from "@/components/images/reference-image";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { api } from "@/lib/client/api";
import type { GalleryItemDetailDto, ReuseTarget } from "@/lib/gallery/gallery-dto";
import { reuseHref, type GalleryRefill } from "./gallery-links";
import { galleryItemQuery, galleryReuseQuery } from "./gallery-queries";

type Handlers = {
  /** The entry's stored values, for this page's form. */
  settings: (values: unknown, entry: GalleryItemDetailDto) => Promise<void> | void;
  /** An image to add to the form's references (alpha v3 and beta only). */
  reference?: (image: ReferenceImage) => void;
  /** An image to animate: the first frame of a video (videos only). */
  firstFrame?: (image: AssetDto) => void;
  /** An image to split into layers (beta only). */
  layersFrom?: (image: AssetDto) => void;
  /** Why the address could not be followed, for the form's notice. */
  problem: (text: string) => void;
};

/** An asset the viewer may open (the meta route applies the access rule); undefined when not. */
export async function loadAsset(assetId: string): Promise<AssetDto | undefined> {
  try {
    return (await api<{ asset: AssetDto }>(`/api/assets/${encodeURIComponent(assetId)}/meta`)).asset;
  } catch {
    return undefined;
  }
}

// A generator page opened from the gallery: `?reuse=<entry>` refills its form with the
// entry's stored settings (an entry of another generator is sent on to that one), `?reference=<asset>`
// adds an image to its references, `?firstFrame=` and `?layersFrom=` start a video or a layer
// decomposition from an image. Done once; then the address is cleared so a reload starts fresh.
export function useGalleryRefill(refill: GalleryRefill, page: { path: string; target: ReuseTarget }, handlers: Handlers) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const handled = useRef(false);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (handled.current || (!refill.reuse && !refill.reference && !refill.firstFrame && !refill.layersFrom)) return;
    handled.current = true;
    const { settings, reference, firstFrame, layersFrom, problem } = latest.current;
    const imageUses = [
      { id: refill.reference, take: reference, purpose: "to use as a reference" },
      { id: refill.firstFrame, take: firstFrame, purpose: "to animate" },
      { id: refill.layersFrom, take: layersFrom, purpose: "to split into layers" },
    ];

    async function follow() {
      if (refill.reuse) {
        const [reuse, entry] = await Promise.all([queryClient.fetchQuery(galleryReuseQuery(refill.reuse)), queryClient.fetchQuery(galleryItemQuery(refill.reuse))]);
        if (reuse.target !== page.target) return reuseHref(reuse.target, entry.id, entry.conversationId);
        await settings(reuse.values, entry);
      }
      for (const { id, take, purpose } of imageUses) {
        if (!id || !take) continue;
        const image = await loadAsset(id);
        if (image) take(image);
        else problem(`That image is no longer available ${purpose}.`);
      }
      return page.path;
    }

    follow()
      .catch((error: Error) => {
        problem(`The gallery entry's settings could not be loaded: ${error.message}`);
        return page.path;
      })
      .then((next) => router.replace(next, { scroll: false }));
  }, [refill, page, queryClient, router]);
}
