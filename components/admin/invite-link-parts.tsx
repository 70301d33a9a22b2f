"use client";

import type { FormEvent } from "react";
import { lazyModule, moduleForSubmit } from "@/components/forms/lazy-module";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, selectClassWith } from "@/components/ui/field";
import { INVITE_DEFAULT_DAYS, INVITE_MAX_DAYS, INVITE_NOTE_MAX_CHARS } from "@/lib/auth/invite-rules";
import type { CreateInviteValues } from "@/lib/auth/schemas";
import type { InviteSummary } from "@/lib/auth/types";
import { formatDate } from "./format";

// The parts the admin's sign-up links and a team's links share: the form that makes one, and the
// link shown once after it was made.

const EXPIRY_CHOICES = [1, 3, INVITE_DEFAULT_DAYS, 14, INVITE_MAX_DAYS];

const authSchemas = lazyModule(() => import("@/lib/auth/schemas"));

type FormProps = {
  /** Called with the values once the shared schema accepts them; the form is reset after a success. */
  onValid: (values: CreateInviteValues, form: HTMLFormElement) => void;
  /** Shows the first broken rule under the note field (the browser's or the server's). */
  onInvalid: (message: string | undefined) => void;
  noteError: string | undefined;
  pending: boolean;
  selectId: string;
};

export function InviteLinkForm({ onValid, onInvalid, noteError, pending, selectId }: FormProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    const schemas = moduleForSubmit(authSchemas, event);
    if (schemas === undefined) return;
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = { note: String(data.get("note") ?? ""), expiresInDays: Number(data.get("expiresInDays")) };
    if (schemas === "unchecked") {
      onInvalid(undefined);
      onValid({ note: values.note.trim() || undefined, expiresInDays: values.expiresInDays }, form);
      return;
    }
    const parsed = schemas.createInviteSchema.safeParse(values);
    onInvalid(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) onValid(parsed.data, form);
  }

  return (
    <form onSubmit={submit} onFocus={authSchemas.preload} noValidate className="flex flex-wrap items-end gap-3 px-5 py-4">
      <div className="min-w-48 flex-1">
        <Field name="note" label="Note (optional)" placeholder="Who it is for" maxLength={INVITE_NOTE_MAX_CHARS} error={noteError} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={selectId} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
          Expires after
        </label>
        <select id={selectId} name="expiresInDays" defaultValue={INVITE_DEFAULT_DAYS} className={selectClassWith("w-auto")}>
          {EXPIRY_CHOICES.map((days) => (
            <option key={days} value={days}>
              {days === 1 ? "1 day" : `${days} days`}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create invite link"}
      </Button>
    </form>
  );
}

type NewLinkProps = {
  created: { invite: InviteSummary; link: string };
  testId: string;
  /** What follows "Works once, until …." */
  note?: string;
};

/** The link just made: its token is never stored, so this is the only time it can be shown. */
export function NewInviteLink({ created, testId, note }: NewLinkProps) {
  return (
    <div className="mx-5 mb-4 rounded-xl border border-accent-100 bg-accent-50 p-4 dark:border-accent-500/30 dark:bg-accent-500/10" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-accent-700 dark:text-accent-400">Copy this link now: it is shown only once.</p>
        <CopyButton value={created.link} label="Copy invite link" />
      </div>
      <p className="mt-2 font-mono text-xs break-all text-zinc-800 select-all dark:text-zinc-200" data-testid={`${testId}-link`}>
        {created.link}
      </p>
      <p className="mt-2 text-xs text-muted">
        Works once, until {formatDate(created.invite.expiresAt)}.{note ? ` ${note}` : ""}
      </p>
    </div>
  );
}
