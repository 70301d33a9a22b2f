"use client";

import { useState, type FormEvent } from "react";
import { formatDate } from "@/components/admin/format";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, selectClassWith } from "@/components/ui/field";
import { MutationError } from "@/components/ui/mutation-error";
import { api } from "@/lib/client/api";
import type { InvitationSentDto, TeamInvitationDto } from "@/lib/teams/team-dto";
import { TEAM_INVITATION_DAYS, TEAM_ROLE_LABELS, TEAM_ROLES } from "@/lib/teams/team-rules";
import type { TeamInvitationValues } from "@/lib/teams/team-schemas";
import { teamSchemas } from "./team-schemas-module";
import { fieldError, useTeamChange } from "./use-team-change";

/** Invitations by email (owners): send one with a role, see the pending ones, withdraw one. */
export function TeamInvitationsCard({ teamId, invitations }: { teamId: string; invitations: TeamInvitationDto[] }) {
  const base = `/api/teams/${encodeURIComponent(teamId)}/invitations`;
  const withdraw = useTeamChange((id: string) => api(`${base}/${encodeURIComponent(id)}`, { method: "DELETE" }));
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Invite by email</h2>
        <p className="mt-0.5 text-xs text-muted">
          The person sees the invitation on their Teams page and joins only if they accept it, with the role you offer. It expires after {TEAM_INVITATION_DAYS} days.
        </p>
      </div>
      <InvitationForm path={base} />
      <MutationError mutation={withdraw} title="The invitation was not withdrawn" className="px-5 pb-4" />
      <div className="border-t border-zinc-200 dark:border-zinc-800">
        <h3 className="px-5 pt-3 text-xs font-medium tracking-wide text-muted uppercase">Waiting for an answer ({invitations.length})</h3>
        {invitations.length === 0 ? (
          <p className="px-5 pt-1 pb-4 text-sm text-muted">No invitations are waiting for an answer.</p>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Pending invitations">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex items-center justify-between gap-4 px-5 py-2.5" data-testid="team-invitation">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{invitation.email}</p>
                  <p className="text-xs text-muted">
                    As {TEAM_ROLE_LABELS[invitation.role].toLowerCase()} · sent {formatDate(invitation.createdAt)} by {invitation.invitedBy} · expires {formatDate(invitation.expiresAt)}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={withdraw.isPending && withdraw.variables === invitation.id}
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                  onClick={() => withdraw.mutate(invitation.id)}
                >
                  Withdraw
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function InvitationForm({ path }: { path: string }) {
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const send = useTeamChange((values: TeamInvitationValues) => api<InvitationSentDto>(path, { method: "POST", json: values }), (answer) => setSent(answer.message));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = { email: String(data.get("email") ?? ""), role: String(data.get("role") ?? "") };
    // Without the schemas (they failed to load), the server's check is the one shown.
    const schemas = await teamSchemas.load();
    const parsed = schemas ? schemas.teamInvitationSchema.safeParse(values) : { success: true as const, data: values as TeamInvitationValues };
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    setSent(undefined);
    if (parsed.success) send.mutate(parsed.data, { onSuccess: () => form.reset() });
  }

  const shown = error ?? fieldError(send.error, "email") ?? fieldError(send.error, "role") ?? send.error?.message;
  return (
    <div className="px-5 py-4">
      <form onSubmit={submit} onFocus={teamSchemas.preload} noValidate className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <Field name="email" type="email" label="Email" placeholder="name@example.com" autoComplete="off" error={shown} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="team-invitation-role" className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
            Role offered
          </label>
          <select id="team-invitation-role" name="role" defaultValue="member" className={selectClassWith("w-auto")}>
            {TEAM_ROLES.map((role) => (
              <option key={role} value={role}>
                {TEAM_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? "Sending…" : "Send invitation"}
        </Button>
      </form>
      {sent ? (
        <p role="status" className="mt-3 text-sm text-emerald-700 dark:text-emerald-400">
          {sent}
        </p>
      ) : null}
    </div>
  );
}
