"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FlowLinks } from "@/components/images/flow-links";
import { ActionIcon, actionClass, actionIconClass, icons } from "@/components/ui/action-icon";
import { dangerActionClass } from "./danger-action";
import type { GalleryItemDetailDto } from "@/lib/gallery/gallery-dto";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";
import { DeleteDialog } from "./delete-dialog";
import { orderedImages } from "./detail-media";
import { referenceHref, reuseHref } from "./gallery-links";
import { galleryReuseQuery, itemDownloadHref } from "./gallery-queries";
import { PublicLinksDialog } from "./public-links-dialog";
import { ShareDialog } from "./share-dialog";
import { useDeleteItem } from "./use-gallery-actions";

const linkIcon = "M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5l-1 1M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1";
const shareIcon = "M13.5 6.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM6.5 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM13.5 18.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM8.7 11.3l2.6 2.4M11.3 6.3 8.7 8.7";

// What the viewer may do with an entry: anyone who sees it may reuse its settings, use
// its image as a reference, animate it, edit it in chat, split it into layers and download it; share and public links are
// the owner's; delete is the owner's or a site admin's (the `can` flags come from the server).
export function DetailActions({ item, teams }: { item: GalleryItemDetailDto; teams: TeamSummaryDto[] }) {
  const router = useRouter();
  const reuse = useQuery(galleryReuseQuery(item.id));
  const remove = useDeleteItem(item.id);
  const [dialog, setDialog] = useState<"share" | "links" | "delete" | null>(null);
  const image = orderedImages(item.outputs)[0];
  const close = () => setDialog(null);
  // After deleting one image of a set, the next one left (or the one before) is shown.
  const at = item.variations.findIndex((variation) => variation.id === item.id);
  const neighbour = item.variations[at + 1] ?? item.variations[at - 1];
  const afterDelete = at !== -1 && neighbour ? `/gallery/${neighbour.id}` : "/gallery";

  return (
    <div className="space-y-2" data-testid="gallery-detail-actions">
      <div className="flex flex-wrap gap-2">
        {reuse.data ? (
          <Link className={actionClass} href={reuseHref(reuse.data.target, item.id, item.conversationId)} data-testid="gallery-reuse">
            <ActionIcon path={icons.reuse} className={actionIconClass} />
            {reuse.data.target === "chat" ? "Open conversation" : "Reuse settings"}
          </Link>
        ) : null}
        {image ? (
          <>
            <Link className={actionClass} href={referenceHref("/alpha", image.id)}>
              <ActionIcon path={icons.reference} className={actionIconClass} />
              Reference in Alpha v3
            </Link>
            <Link className={actionClass} href={referenceHref("/beta", image.id)}>
              <ActionIcon path={icons.reference} className={actionIconClass} />
              Reference in Beta
            </Link>
            <FlowLinks assetId={image.id} />
          </>
        ) : null}
        {item.conversationId && reuse.data?.target !== "chat" ? (
          <Link className={actionClass} href={`/chat/${item.conversationId}`}>
            <ActionIcon path={icons.chat} className={actionIconClass} />
            Open conversation
          </Link>
        ) : null}
        {item.videoJobId ? (
          <Link className={actionClass} href={`/videos/${item.videoJobId}`}>
            <ActionIcon path={icons.next} className={actionIconClass} />
            Open video job
          </Link>
        ) : null}
        <a className={actionClass} href={itemDownloadHref(item.id)} download>
          <ActionIcon path={icons.download} className={actionIconClass} />
          Download
        </a>
      </div>
      {item.can.share || item.can.publicLink || item.can.delete ? (
        <div className="flex flex-wrap gap-2 border-t border-zinc-100 pt-3 dark:border-zinc-800">
          {item.can.share ? (
            <button type="button" className={actionClass} onClick={() => setDialog("share")} data-testid="gallery-share">
              <ActionIcon path={shareIcon} className={actionIconClass} />
              Share…
            </button>
          ) : null}
          {item.can.publicLink ? (
            <button type="button" className={actionClass} onClick={() => setDialog("links")}>
              <ActionIcon path={linkIcon} className={actionIconClass} />
              Public link…
            </button>
          ) : null}
          {item.can.delete ? (
            <button type="button" className={dangerActionClass} onClick={() => setDialog("delete")} data-testid="gallery-delete">
              Delete…
            </button>
          ) : null}
        </div>
      ) : null}
      {item.can.share ? <ShareDialog open={dialog === "share"} onClose={close} itemId={item.id} current={item.sharedWith} teams={teams} /> : null}
      {item.can.publicLink ? <PublicLinksDialog open={dialog === "links"} onClose={close} itemId={item.id} /> : null}
      {item.can.delete ? <DeleteDialog open={dialog === "delete"} onClose={close} subject={at !== -1 && item.variations.length > 1 ? "this image of the set" : "this entry"} run={() => remove.mutateAsync()} onDeleted={() => router.push(afterDelete)} /> : null}
    </div>
  );
}
