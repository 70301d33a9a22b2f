"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { api } from "@/lib/client/api";
import { TEAM_NAME_MAX } from "@/lib/teams/team-rules";
import { teamSchemas } from "./team-schemas-module";
import { fieldError, useTeamChange } from "./use-team-change";

export function TeamNameForm({ teamId, name }: { teamId: string; name: string }) {
  const [error, setError] = useState<string>();
  const rename = useTeamChange((values: { name: string }) => api(`/api/teams/${encodeURIComponent(teamId)}`, { method: "PATCH", json: values }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    // Without the schemas (they failed to load), the server's check is the one shown.
    const parsed = (await teamSchemas.load())?.teamNameBodySchema.safeParse({ name }) ?? { success: true as const, data: { name } };
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) rename.mutate(parsed.data);
  }

  const shown = error ?? fieldError(rename.error, "name") ?? rename.error?.message;
  return (
    <form onSubmit={submit} onFocus={teamSchemas.preload} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <Field key={name} name="name" label="Team name" defaultValue={name} maxLength={TEAM_NAME_MAX} error={shown} />
      </div>
      <Button type="submit" variant="secondary" disabled={rename.isPending}>
        {rename.isPending ? "Saving…" : "Rename"}
      </Button>
    </form>
  );
}
