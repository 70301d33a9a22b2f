"use client";

import { useState } from "react";
import { InviteLinkForm, NewInviteLink } from "@/components/admin/invite-link-parts";
import { PendingInvites } from "@/components/admin/pending-invites";
import { Card } from "@/components/ui/card";
import { MutationError } from "@/components/ui/mutation-error";
import { api } from "@/lib/client/api";
import type { CreatedTeamInviteDto, TeamInviteDto } from "@/lib/teams/team-dto";
import { fieldError, useTeamChange } from "./use-team-change";

/** Single-use, expiring links to join the team (owners and site admins). */
export function TeamInvitesCard({ teamId, invites }: { teamId: string; invites: TeamInviteDto[] }) {
  const base = `/api/teams/${encodeURIComponent(teamId)}/invites`;
  const [created, setCreated] = useState<CreatedTeamInviteDto>();
  const [error, setError] = useState<string>();
  const create = useTeamChange((values: { note?: string; expiresInDays: number }) => api<CreatedTeamInviteDto>(base, { method: "POST", json: values }), setCreated);
  const revoke = useTeamChange(
    (id: string) => api(`${base}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    () => setCreated(undefined),
  );

  const noteError = error ?? fieldError(create.error, "note");
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Invite links</h2>
        <p className="mt-0.5 text-xs text-muted">Each link adds one person to this team, then stops working. Someone without an account signs up with it.</p>
      </div>
      <InviteLinkForm
        selectId="team-invite-days"
        noteError={noteError}
        pending={create.isPending}
        onInvalid={setError}
        onValid={(values, form) => create.mutate(values, { onSuccess: () => form.reset() })}
      />
      {noteError ? null : <MutationError mutation={create} title="No invite link was created" className="px-5 pb-4" />}

      {created ? <NewInviteLink created={created} testId="new-team-invite" /> : null}

      <MutationError mutation={revoke} title="The invite link was not revoked" className="px-5 pb-4" />
      <PendingInvites invites={invites} label="Pending team invites" revoking={revoke.isPending ? (revoke.variables ?? null) : null} onRevoke={(id) => revoke.mutate(id)} />
    </Card>
  );
}
