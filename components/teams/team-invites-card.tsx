"use client";

import { useState, type FormEvent } from "react";
import { formatDate } from "@/components/admin/format";
import { PendingInvites } from "@/components/admin/pending-invites";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, inputClass } from "@/components/ui/field";
import { MutationError } from "@/components/ui/mutation-error";
import { api } from "@/lib/client/api";
import type { CreatedTeamInviteDto, TeamInviteDto } from "@/lib/teams/team-dto";
import { createTeamInviteSchema, INVITE_DEFAULT_DAYS, INVITE_MAX_DAYS } from "@/lib/teams/team-schemas";
import { fieldError, useTeamChange } from "./use-team-change";

const EXPIRY_CHOICES = [1, 3, INVITE_DEFAULT_DAYS, 14, INVITE_MAX_DAYS];

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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = createTeamInviteSchema.safeParse({ note: String(data.get("note") ?? ""), expiresInDays: Number(data.get("expiresInDays")) });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) create.mutate(parsed.data, { onSuccess: () => form.reset() });
  }

  const noteError = error ?? fieldError(create.error, "note");
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Invite links</h2>
        <p className="mt-0.5 text-xs text-zinc-500">Each link adds one person to this team, then stops working. Someone without an account signs up with it.</p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3 px-5 py-4">
        <div className="min-w-48 flex-1">
          <Field name="note" label="Note (optional)" placeholder="Who it is for" maxLength={120} error={noteError} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="team-invite-days" className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
            Expires after
          </label>
          <select id="team-invite-days" name="expiresInDays" defaultValue={INVITE_DEFAULT_DAYS} className={`${inputClass} w-auto pr-8`}>
            {EXPIRY_CHOICES.map((days) => (
              <option key={days} value={days}>
                {days === 1 ? "1 day" : `${days} days`}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create invite link"}
        </Button>
      </form>
      {noteError ? null : <MutationError mutation={create} title="No invite link was created" className="px-5 pb-4" />}

      {created ? (
        <div className="mx-5 mb-4 rounded-xl border border-accent-100 bg-accent-50 p-4 dark:border-accent-500/30 dark:bg-accent-500/10" data-testid="new-team-invite">
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm font-medium text-accent-700 dark:text-accent-400">Copy this link now: it is shown only once.</p>
            <CopyButton value={created.link} label="Copy invite link" />
          </div>
          <p className="mt-2 font-mono text-xs break-all text-zinc-800 select-all dark:text-zinc-200" data-testid="new-team-invite-link">
            {created.link}
          </p>
          <p className="mt-2 text-xs text-zinc-500">Works once, until {formatDate(created.invite.expiresAt)}.</p>
        </div>
      ) : null}

      <MutationError mutation={revoke} title="The invite link was not revoked" className="px-5 pb-4" />
      <PendingInvites invites={invites} label="Pending team invites" revoking={revoke.isPending ? (revoke.variables ?? null) : null} onRevoke={(id) => revoke.mutate(id)} />
    </Card>
  );
}
