"use client";

import { onDemand } from "@/components/ui/on-demand";

/** The full-size view of an image (lightbox.tsx): it opens on a click, so its code loads then, not with the page. */
export const Lightbox = onDemand(async () => (await import("./lightbox")).Lightbox);
