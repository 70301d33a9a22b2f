"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { MutationError } from "@/components/ui/mutation-error";
import { api } from "@/lib/client/api";
import { GALLERY_KIND_LABELS } from "@/lib/gallery/gallery-rules";
import { SHARE_LINK_STATE_LABELS, type AdminShareLinkPage, type ShareLinkState } from "@/lib/gallery/share-link-rules";
import { formatDate } from "./format";
import { adminShareLinksKey, adminShareLinksQuery } from "./share-links-queries";
import { DataCell, DataTable, type DataColumn } from "@/components/ui/data-table";

const STATE_TONES: Record<ShareLinkState, "success" | "warning" | "neutral" | "danger"> = { live: "success", suspended: "warning", expired: "neutral", revoked: "danger" };

const LINK_COLUMNS = {
  entry: { label: "Entry", lead: true },
  creator: { label: "Creator", wide: true, className: "px-3 py-2" },
  created: { label: "Created", className: "px-3 py-2" },
  expires: { label: "Expires", className: "px-3 py-2" },
  // A link's state and, while it opens or may again, its Revoke, one above the other: the table
  // then fits the admin page's column on a 1280 px screen.
  state: { label: "State", className: "px-5 py-2 text-right" },
} satisfies Record<string, DataColumn>;

/** Every public link of the studio, newest first, with Revoke on those that still open or may again. */
export function ShareLinksPanel({ firstPage }: { firstPage: AdminShareLinkPage }) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({ ...adminShareLinksQuery(), initialData: { pages: [firstPage], pageParams: [null] } });
  const revoke = useMutation({
    mutationFn: (linkId: string) => api<void>(`/api/gallery/links/${encodeURIComponent(linkId)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminShareLinksKey }),
  });
  const links = list.data.pages.flatMap((page) => page.links);

  return (
    <Card className="overflow-hidden" data-testid="admin-share-links">
      <div className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Public share links</h2>
        <p className="mt-0.5 text-xs text-muted">
          Links anyone can open without signing in. A disabled user&apos;s links are suspended until the account is enabled again; a revoked link never opens again.
        </p>
      </div>
      <MutationError mutation={revoke} title="The link was not revoked" className="border-b border-zinc-200 p-3 dark:border-zinc-800" />
      {links.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted">Nobody has made a public link.</p>
      ) : (
        <DataTable
          label="Public share links"
          columns={Object.values(LINK_COLUMNS)}
        >
          {links.map((link) => {
            const busy = revoke.isPending && revoke.variables === link.id;
            return (
              <tr key={link.id}>
                <DataCell column={LINK_COLUMNS.entry} className="w-full max-w-0 px-5 py-2.5">
                  <Link href={`/gallery/${link.item.id}`} className="block truncate font-medium hover:underline" title={link.item.prompt}>
                    {link.item.prompt}
                  </Link>
                  <span className="text-xs text-muted">{GALLERY_KIND_LABELS[link.item.kind]}</span>
                </DataCell>
                <DataCell column={LINK_COLUMNS.creator} className="px-3 py-2.5">
                  <span className="block whitespace-nowrap">{link.creator.name}</span>
                  <span className="text-xs text-muted">{link.creator.email}</span>
                </DataCell>
                <DataCell column={LINK_COLUMNS.created} className="px-3 py-2.5 whitespace-nowrap text-muted">{formatDate(link.createdAt)}</DataCell>
                <DataCell column={LINK_COLUMNS.expires} className="px-3 py-2.5 whitespace-nowrap text-muted">{formatDate(link.expiresAt)}</DataCell>
                <DataCell column={LINK_COLUMNS.state} className="px-5 py-2.5 text-right whitespace-nowrap">
                  <div className="flex flex-col items-end gap-1.5 max-sm:items-start">
                    <Badge tone={STATE_TONES[link.state]}>{SHARE_LINK_STATE_LABELS[link.state]}</Badge>
                    {link.state === "live" || link.state === "suspended" ? (
                      <Button size="sm" variant="secondary" disabled={busy} aria-label={`Revoke the link to ${link.item.prompt} by ${link.creator.name}`} onClick={() => revoke.mutate(link.id)}>
                        {busy ? "Revoking…" : "Revoke"}
                      </Button>
                    ) : null}
                  </div>
                </DataCell>
              </tr>
            );
          })}
        </DataTable>
      )}
      {list.hasNextPage ? (
        <div className="border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
          <Button size="sm" variant="secondary" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            {list.isFetchingNextPage ? "Loading…" : "Show older links"}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
