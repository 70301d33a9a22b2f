"use client";

import { Button } from "@/components/ui/button";
import type { InviteSummary } from "@/lib/auth/types";
import { formatDate } from "./format";

type Props = {
  invites: InviteSummary[];
  /** The list's accessible name. */
  label: string;
  /** The invite whose revoke is under way, if any. */
  revoking: string | null;
  onRevoke: (id: string) => void;
};

/** Invite links not used yet (the admin's sign-up links, a team's links), each with Revoke. */
export function PendingInvites({ invites, label, revoking, onRevoke }: Props) {
  return (
    <div className="border-t border-zinc-200 dark:border-zinc-800">
      <h3 className="px-5 pt-3 text-xs font-medium tracking-wide text-muted uppercase">Pending ({invites.length})</h3>
      {invites.length === 0 ? (
        <p className="px-5 pt-1 pb-4 text-sm text-muted">No invite links are waiting to be used.</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={label}>
          {invites.map((invite) => (
            <li key={invite.id} className="flex items-center justify-between gap-4 px-5 py-2.5">
              <div className="min-w-0">
                <p className={`truncate text-sm ${invite.note ? "font-medium" : "text-muted italic"}`}>{invite.note ?? "No note"}</p>
                <p className="text-xs text-muted">
                  Created {formatDate(invite.createdAt)}
                  {invite.createdBy ? ` by ${invite.createdBy}` : ""} · expires {formatDate(invite.expiresAt)}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                disabled={revoking === invite.id}
                aria-label={`Revoke invite ${invite.note ?? `created ${formatDate(invite.createdAt)}`}`}
                onClick={() => onRevoke(invite.id)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
