"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { MutationError } from "@/components/ui/mutation-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, inputClass } from "@/components/ui/field";
import { createInviteSchema, INVITE_DEFAULT_DAYS, INVITE_MAX_DAYS } from "@/lib/auth/schemas";
import type { InviteSummary } from "@/lib/auth/types";
import { api, ApiError } from "@/lib/client/api";
import { formatDate } from "./format";
import { PendingInvites } from "./pending-invites";

const EXPIRY_CHOICES = [1, 3, INVITE_DEFAULT_DAYS, 14, INVITE_MAX_DAYS];

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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const parsed = createInviteSchema.safeParse({ note: String(form.get("note") ?? ""), expiresInDays: Number(form.get("expiresInDays")) });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    setNoteError(undefined);
    create.mutate(parsed.data, { onSuccess: () => formElement.reset() });
  }

  const serverNoteError = create.error instanceof ApiError ? create.error.error.fields?.find((field) => field.field === "note")?.message : undefined;

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold">Invite links</h2>
        <p className="mt-0.5 text-xs text-zinc-500">Each link creates one account in the studio&apos;s team, then stops working.</p>
      </div>

      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3 px-5 py-4">
        <div className="min-w-48 flex-1">
          <Field name="note" label="Note (optional)" placeholder="Who it is for" maxLength={120} error={noteError ?? serverNoteError} />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="expiresInDays" className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
            Expires after
          </label>
          <select id="expiresInDays" name="expiresInDays" defaultValue={INVITE_DEFAULT_DAYS} className={`${inputClass} w-auto pr-8`}>
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

      {serverNoteError ? null : <MutationError mutation={create} title="No invite was created" className="px-5 pb-4" />}

      {created ? (
        <div className="mx-5 mb-4 rounded-xl border border-accent-100 bg-accent-50 p-4 dark:border-accent-500/30 dark:bg-accent-500/10" data-testid="new-invite">
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm font-medium text-accent-700 dark:text-accent-400">Copy this link now: it is shown only once.</p>
            <CopyButton value={created.link} label="Copy invite link" />
          </div>
          <p className="mt-2 font-mono text-xs break-all text-zinc-800 select-all dark:text-zinc-200" data-testid="new-invite-link">
            {created.link}
          </p>
          <p className="mt-2 text-xs text-zinc-500">
            Works once, until {formatDate(created.invite.expiresAt)}. The studio keeps only a fingerprint of it, so it cannot show it again.
          </p>
        </div>
      ) : null}

      <MutationError mutation={revoke} title="The invite was not revoked" className="px-5 pb-4" />

      <PendingInvites invites={invites} label="Pending invites" revoking={revoke.isPending ? (revoke.variables ?? null) : null} onRevoke={(id) => revoke.mutate(id)} />
    </Card>
  );
}
