"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { MutationError } from "@/components/ui/mutation-error";
import { Card } from "@/components/ui/card";
import type { InviteSummary } from "@/lib/auth/types";
import { api, isApiError } from "@/lib/client/api";
import { InviteLinkForm, NewInviteLink } from "./invite-link-parts";
import { PendingInvites } from "./pending-invites";

type Created = { invite: InviteSummary; link: string };

export function InvitesPanel({ initialInvites }: { initialInvites: InviteSummary[] }) {
  const [invites, setInvites] = useState(initialInvites);
  const [created, setCreated] = useState<Created>();
  const [noteError, setNoteError] = useState<string>();

  const create = useMutation({
    mutationFn: (values: { note?: string; expiresInDays: number }) => api<Created>("/api/admin/invites", { method: "POST", json: values }),
    onSuccess: (answer) => {
      setCreated(answer);
      setInvites((current) => [answer.invite, ...current]);
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api<void>(`/api/admin/invites/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_answer, id) => {
      setInvites((current) => current.filter((invite) => invite.id !== id));
      if (created?.invite.id === id) setCreated(undefined);
    },
  });

  const serverNoteError = isApiError(create.error) ? create.error.error.fields?.find((field) => field.field === "note")?.message : undefined;

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Invite links</h2>
        <p className="mt-0.5 text-xs text-muted">Each link creates one account in the studio&apos;s team, then stops working.</p>
      </div>

      <InviteLinkForm
        selectId="expiresInDays"
        noteError={noteError ?? serverNoteError}
        pending={create.isPending}
        onInvalid={setNoteError}
        onValid={(values, form) => create.mutate(values, { onSuccess: () => form.reset() })}
      />

      {serverNoteError ? null : <MutationError mutation={create} title="No invite was created" className="px-5 pb-4" />}

      {created ? <NewInviteLink created={created} testId="new-invite" note="The studio keeps only a fingerprint of it, so it cannot show it again." /> : null}

      <MutationError mutation={revoke} title="The invite was not revoked" className="px-5 pb-4" />

      <PendingInvites invites={invites} label="Pending invites" revoking={revoke.isPending ? (revoke.variables ?? null) : null} onRevoke={(id) => revoke.mutate(id)} />
    </Card>
  );
}
