"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { AssetDto } from "@/lib/assets/asset-dto";
import { api } from "@/lib/client/api";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

type Page = { items: AssetDto[]; nextCursor: string | null };

function pickableQuery(accept: readonly string[], cursor: string): string {
  const search = new URLSearchParams({ kind: "image,input", mime: accept.join(",") });
  if (cursor) search.set("cursor", cursor);
  return search.toString();
}

// Pick an earlier image (the user's own, or shared with the team) instead of uploading it again.
export function AssetPicker({ open, onClose, onPick, accept }: { open: boolean; onClose: () => void; onPick: (asset: AssetDto) => void; accept: readonly string[] }) {
  // The server filters by type, so every page holds only images this form accepts.
  const query = useInfiniteQuery({
    queryKey: ["assets", "pickable", accept.join(",")],
    queryFn: ({ pageParam }) => api<Page>(`/api/assets?${pickableQuery(accept, pageParam)}`),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: open,
  });
  const assets = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Dialog open={open} onClose={onClose} title="Pick from your images" wide>
      {query.isPending ? (
        <p className="py-10 text-center text-sm text-muted">Loading…</p>
      ) : assets.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted">No images yet. Generated and uploaded images appear here.</p>
      ) : (
        <div className="grid max-h-[60vh] grid-cols-3 gap-3 overflow-y-auto sm:grid-cols-4 md:grid-cols-5">
          {assets.map((asset) => (
            <button
              key={asset.id}
              type="button"
              onClick={() => {
                onPick(asset);
                onClose();
              }}
              className="group relative aspect-square overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 hover:ring-2 hover:ring-accent-500 dark:border-zinc-800 dark:bg-zinc-800"
              aria-label={`Pick image ${asset.width}×${asset.height}`}
            >
              <img src={asset.thumbnailUrl ?? asset.url} alt="" className="size-full object-cover" loading="lazy" />
              <span className="absolute inset-x-0 bottom-0 bg-black/50 px-1.5 py-0.5 text-[10px] text-white opacity-0 group-hover:opacity-100">
                {asset.width}×{asset.height}
              </span>
            </button>
          ))}
        </div>
      )}
      {query.hasNextPage ? (
        <div className="mt-4 text-center">
          <Button variant="secondary" size="sm" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
