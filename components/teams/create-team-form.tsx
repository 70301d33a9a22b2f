"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { api, isApiError } from "@/lib/client/api";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";
import { TEAM_NAME_MAX } from "@/lib/teams/team-rules";
import { teamSchemas } from "./team-schemas-module";

/** Makes a team owned by the caller and opens its page. */
export function CreateTeamForm() {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const create = useMutation({
    mutationFn: (name: string) => api<{ team: TeamSummaryDto }>("/api/teams", { method: "POST", json: { name } }),
    onSuccess: ({ team }) => {
      router.push(`/teams/${team.id}`);
      router.refresh();
    },
    onError: (failure) => setError(isApiError(failure) ? (failure.error.fields?.[0]?.message ?? failure.message) : failure.message),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    // Without the schemas (they failed to load), the server's check is the one shown.
    const parsed = (await teamSchemas.load())?.teamNameBodySchema.safeParse({ name }) ?? { success: true as const, data: { name } };
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data.name);
  }

  return (
    <form onSubmit={submit} onFocus={teamSchemas.preload} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <Field name="name" label="Team name" placeholder="Packaging design" maxLength={TEAM_NAME_MAX} error={error} />
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create team"}
      </Button>
    </form>
  );
}
