"use client";

import dynamic from "next/dynamic";
import { DeliveredVideo } from "@/components/ui/delivered-video";
import type { AssetDto } from "@/lib/assets/asset-dto";
import type { GalleryItemDetailDto } from "@/lib/gallery/gallery-dto";

/** A set's images in reading order: a layer set's base first, then by position. */
export function orderedImages(outputs: AssetDto[]): AssetDto[] {
  return outputs
    .filter((asset) => asset.mime.startsWith("image/"))
    .sort((a, b) => Number(b.role === "base") - Number(a.role === "base") || a.position - b.position);
}

// The beta page's layer editor, with its exports (ZIP with layers.json, .ora, .psd): loaded only for a layer set.
const LayerPanel = dynamic(() => import("@/components/beta/layer-panel").then((module) => module.LayerPanel), {
  loading: () => <p className="p-4 text-sm text-muted">Loading layers…</p>,
});

function FullImage({ image, label, className = "" }: { image: AssetDto; label: string; className?: string }) {
  return (
    <a href={image.url} target="_blank" rel="noreferrer" title="Open the full-size image" className={`block overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900 ${className}`}>
      {/* The full-size file by its delivery URL, minted with the entry (the link keeps the asset route, which outlives it). */}
      <img
        src={image.delivery.url}
        alt={label}
        width={image.width ?? undefined}
        height={image.height ?? undefined}
        style={image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : undefined}
        className="mx-auto h-auto max-h-[75vh] w-auto max-w-full object-contain"
        data-testid="gallery-detail-image"
      />
    </a>
  );
}

// What an entry shows, full size: one image; a set's images with the base first; a
// group's grid; or the video player with its poster frame.
export function DetailMedia({ item }: { item: GalleryItemDetailDto }) {
  const video = item.outputs.find((asset) => asset.mime.startsWith("video/"));
  if (video) {
    return (
      <DeliveredVideo
        controls
        preload="metadata"
        poster={video.delivery.thumbnailUrl ?? undefined}
        src={video.delivery.url}
        className="w-full rounded-xl bg-black"
        style={video.width && video.height ? { aspectRatio: `${video.width} / ${video.height}` } : undefined}
        data-testid="gallery-detail-video"
      />
    );
  }
  const images = orderedImages(item.outputs);
  if (images.length === 0) {
    return <div className="grid aspect-video place-items-center rounded-xl border border-dashed border-zinc-300 text-sm text-muted dark:border-zinc-700">No files to show</div>;
  }
  if (images.length === 1) return <FullImage image={images[0]} label={item.prompt} />;
  const [first, ...rest] = images;
  const layered = first.role === "base";
  if (layered) {
    return (
      <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        <LayerPanel generationId={item.id} title={item.prompt} images={images} />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3">
        <FullImage image={first} label={`Image 1 of ${images.length}`} />
        {rest.map((image, index) => (
          <FullImage key={image.id} image={image} label={`Image ${index + 2} of ${images.length}`} />
        ))}
      </div>
    </div>
  );
}
