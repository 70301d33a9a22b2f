"use client";

import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { GalleryDeleteDto, GalleryItemDto } from "@/lib/gallery/gallery-dto";
import type { SelectionAction } from "@/lib/gallery/gallery-schemas";
import { galleryKey } from "./gallery-keys";
import { galleryItemQuery, itemPath, publicLinksQuery } from "./gallery-queries";
import type { ShareLinkDto } from "@/lib/gallery/share-link-rules";

/** Every list and detail read again after a change (a share moves entries between tabs). */
function refreshGallery(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: galleryKey });
}

/** PUT /api/gallery/items/[id]/share: with one of the owner's teams, or private (null). */
export function useShareItem(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string | null) => api<GalleryItemDto>(`${itemPath(id)}/share`, { method: "PUT", json: { teamId } }),
    onSuccess: () => refreshGallery(queryClient),
  });
}

/** DELETE /api/gallery/items/[id]. */
export function useDeleteItem(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<GalleryDeleteDto>(itemPath(id), { method: "DELETE" }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: galleryItemQuery(id).queryKey });
      void refreshGallery(queryClient);
    },
  });
}

/** POST /api/gallery/selection: share, unshare or delete several entries at once. */
export function useSelectionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SelectionAction) => api<Partial<GalleryDeleteDto>>("/api/gallery/selection", { method: "POST", json: action }),
    onSuccess: () => refreshGallery(queryClient),
  });
}

/** POST /api/gallery/items/[id]/links: a new public link, its address shown once. */
export function useCreatePublicLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: number) => api<{ link: ShareLinkDto }>(`${itemPath(id)}/links`, { method: "POST", json: { expiresInDays } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicLinksQuery(id).queryKey }),
  });
}

/** DELETE /api/gallery/links/[linkId]: the link stops working at once. */
export function useRevokePublicLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api<unknown>(`/api/gallery/links/${encodeURIComponent(linkId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicLinksQuery(id).queryKey }),
  });
}

