"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS, SHARE_LINK_MIN_DAYS } from "@/lib/gallery/share-link-rules";
import { formatDateTime } from "./gallery-format";
import { publicLinksQuery } from "./gallery-queries";
import { useCreatePublicLink, useRevokePublicLink } from "./use-gallery-actions";

// Public links of one entry (optional and off unless a site admin turns it on): anyone
// holding the link sees the entry without signing in, until it expires or is revoked. The address
// holds a secret, so it is shown once, right after it is made.
export function PublicLinksDialog({ open, onClose, itemId }: { open: boolean; onClose: () => void; itemId: string }) {
  const links = useQuery({ ...publicLinksQuery(itemId), enabled: open });
  const create = useCreatePublicLink(itemId);
  const revoke = useRevokePublicLink(itemId);
  const [days, setDays] = useState(String(SHARE_LINK_DEFAULT_DAYS));

  function close() {
    create.reset();
    revoke.reset();
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} title="Public links">
      <div className="space-y-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Anyone with the link can view this entry without an account, until it expires or you revoke it.</p>
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(Number(days));
          }}
        >
          <label className="flex-1 space-y-1.5">
            <span className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">Expires after (days)</span>
            <input type="number" min={SHARE_LINK_MIN_DAYS} max={SHARE_LINK_MAX_DAYS} required value={days} onChange={(event) => setDays(event.target.value)} className={inputClass} />
          </label>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : null}
            Create link
          </Button>
        </form>
        {create.error ? <Alert title="No link was made">{create.error.message}</Alert> : null}
        {create.data?.link.url ? (
          <div className="space-y-1 rounded-lg border border-accent-100 bg-accent-50 p-3 dark:border-accent-500/30 dark:bg-accent-500/10">
            <p className="text-xs font-medium text-accent-700 dark:text-accent-400">Copy it now: it is not shown again.</p>
            <div className="flex items-center gap-2">
              <code className="min-w-0 flex-1 truncate text-xs" data-testid="gallery-public-link">
                {create.data.link.url}
              </code>
              <CopyButton value={create.data.link.url} label="Copy link" />
            </div>
          </div>
        ) : null}
        <section className="space-y-2">
          <h3 className="text-[11px] font-medium tracking-wide text-muted uppercase">Live links</h3>
          {links.isPending ? (
            <Spinner />
          ) : links.isError ? (
            <p className="text-sm text-muted">{links.error.message}</p>
          ) : links.data.links.length === 0 ? (
            <p className="text-sm text-muted">None.</p>
          ) : (
            <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
              {links.data.links.map((link) => (
                <li key={link.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="text-zinc-700 dark:text-zinc-300">Expires {formatDateTime(link.expiresAt)}</span>
                  <Button size="sm" variant="ghost" onClick={() =>
                      revoke.mutate(link.id, {
                        // The once-shown address of a link just revoked must not stay offered for copying.
                        onSuccess: () => (create.data?.link.id === link.id ? create.reset() : undefined),
                      })
                    } disabled={revoke.isPending}>
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {revoke.error ? <Alert title="Not revoked">{revoke.error.message}</Alert> : null}
        </section>
      </div>
    </Dialog>
  );
}
