"use client";

import { useEffect, useState } from "react";
import type { AssetDto } from "@/lib/assets/asset-dto";

type LightboxImage = Pick<AssetDto, "id" | "delivery" | "downloadUrl" | "width" | "height">;

const ZOOMS = [1, 1.5, 2, 3, 4];

// Full-screen view of one image: fit or zoomed (scroll to pan), a before/after slider against the
// previous image when there is one, and a download of the stored original.
export function Lightbox({ image, before, caption, onClose }: { image: LightboxImage; before?: LightboxImage; caption?: string; onClose: () => void }) {
  const [mode, setMode] = useState<"view" | "compare">("view");
  const [zoom, setZoom] = useState(0);
  const [split, setSplit] = useState(50);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") onClose();
      if (event.key === "+" || event.key === "=") setZoom((z) => Math.min(z + 1, ZOOMS.length - 1));
      if (event.key === "-") setZoom((z) => Math.max(z - 1, 0));
    }
    window.addEventListener("keydown", onKey);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.style.overflow = previousOverflow;
    };
  }, [onClose]);

  const scale = ZOOMS[zoom];
  return (
    <div role="dialog" aria-modal="true" aria-label="Image viewer" className="fixed inset-0 z-50 flex flex-col bg-zinc-950/95 text-white">
      <div className="flex flex-wrap items-center gap-2 border-b border-white/10 px-4 py-2 text-sm">
        <span className="mr-auto truncate text-white/70">
          {caption ? `${caption} · ` : ""}
          {image.width}×{image.height}
        </span>
        {before ? (
          <div className="flex rounded-lg bg-white/10 p-0.5">
            {(["view", "compare"] as const).map((m) => (
              <button key={m} type="button" onClick={() => setMode(m)} className={`rounded-md px-3 py-1 ${mode === m ? "bg-white text-zinc-900" : "text-white/80 hover:text-white"}`}>
                {m === "view" ? "View" : "Before / after"}
              </button>
            ))}
          </div>
        ) : null}
        {mode === "view" ? (
          <div className="flex items-center gap-1">
            <button type="button" aria-label="Zoom out" onClick={() => setZoom((z) => Math.max(z - 1, 0))} className="rounded-md px-2 py-1 hover:bg-white/10">
              −
            </button>
            <span className="w-14 text-center tabular-nums" data-testid="lightbox-zoom">
              {zoom === 0 ? "Fit" : `${Math.round(scale * 100)}%`}
            </span>
            <button type="button" aria-label="Zoom in" onClick={() => setZoom((z) => Math.min(z + 1, ZOOMS.length - 1))} className="rounded-md px-2 py-1 hover:bg-white/10">
              +
            </button>
          </div>
        ) : null}
        <a href={image.downloadUrl} className="rounded-md bg-white/10 px-3 py-1 hover:bg-white/20" download>
          Download original
        </a>
        <button type="button" onClick={onClose} aria-label="Close viewer" className="rounded-md px-2 py-1 hover:bg-white/10">
          ✕
        </button>
      </div>
      <div className="relative min-h-0 flex-1 overflow-auto" onClick={(event) => event.target === event.currentTarget && onClose()}>
        {mode === "view" ? (
          // Fit mode needs a definite height so the image's max-h-full can size against it.
          <div className={zoom === 0 ? "flex h-full w-full items-center justify-center p-6" : "flex min-h-full min-w-full"}>
            <img
              src={image.delivery.url}
              alt={caption ?? "Generated image"}
              onClick={() => setZoom((z) => (z === 0 ? 2 : 0))}
              style={zoom === 0 ? undefined : { width: `${(image.width ?? 1024) * scale}px`, maxWidth: "none" }}
              className={zoom === 0 ? "max-h-full max-w-full cursor-zoom-in object-contain" : "cursor-zoom-out"}
            />
          </div>
        ) : before ? (
          <div className="flex h-full items-center justify-center p-6">
            <div className="relative max-h-full max-w-full select-none" style={{ aspectRatio: `${image.width ?? 1} / ${image.height ?? 1}`, height: "100%" }}>
              <img src={before.delivery.url} alt="Before" className="absolute inset-0 size-full object-contain" />
              <img src={image.delivery.url} alt="After" className="absolute inset-0 size-full object-contain" style={{ clipPath: `inset(0 0 0 ${split}%)` }} />
              <div className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${split}%` }} />
              <span className="absolute top-2 left-2 rounded bg-black/60 px-2 py-0.5 text-xs">Before</span>
              <span className="absolute top-2 right-2 rounded bg-black/60 px-2 py-0.5 text-xs">After</span>
              <input
                type="range"
                min={0}
                max={100}
                value={split}
                onChange={(event) => setSplit(Number(event.target.value))}
                aria-label="Before and after divider"
                className="absolute inset-x-0 bottom-2 mx-auto w-1/2 accent-white"
              />
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
