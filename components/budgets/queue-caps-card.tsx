"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { lazyModule, moduleForSubmit } from "@/components/forms/lazy-module";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { MutationError } from "@/components/ui/mutation-error";
import { api } from "@/lib/client/api";
import type { QueueCaps } from "@/lib/jobs/queue-cap-schemas";

const ROLES = [
  ["member", "Per member"],
  ["admin", "Per admin"],
] as const;

/** An empty box is no cap; anything else is read as the number it says. */
const capFrom = (value: FormDataEntryValue | null) => (typeof value === "string" && value.trim() === "" ? null : Number(value));

const queueCapSchemas = lazyModule(() => import("@/lib/jobs/queue-cap-schemas"));

/** The most image jobs, running or waiting their turn, one person of each site role may have. */
export function QueueCapsCard({ initialCaps }: { initialCaps: QueueCaps }) {
  const [caps, setCaps] = useState(initialCaps);
  const [problems, setProblems] = useState<Partial<Record<keyof QueueCaps, string>>>({});
  const save = useMutation({
    mutationFn: (values: QueueCaps) => api<{ caps: QueueCaps }>("/api/admin/queue-caps", { method: "PUT", json: values }),
    onSuccess: (answer) => setCaps(answer.caps),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    const schemas = moduleForSubmit(queueCapSchemas, event);
    if (schemas === undefined) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { member: capFrom(form.get("member")), admin: capFrom(form.get("admin")) };
    // Unchecked (the schemas could not be loaded): the server's own check names any problem.
    const parsed = schemas === "unchecked" ? { success: true as const, data: values } : schemas.queueCapsSchema.safeParse(values);
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setProblems({});
    save.mutate(parsed.data);
  }

  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-sm font-semibold">Queued jobs per person</h2>
      <p className="text-xs text-muted">
        The most image jobs (alpha v3, beta, chat turns, comparisons) one person may have running or waiting their turn. A start past it is refused whole; jobs already made go on. Leave a box empty for
        no cap beyond the running limit.
      </p>
      <form onSubmit={submit} onFocus={queueCapSchemas.preload} aria-label="Queued jobs per person" className="flex flex-wrap items-start gap-4">
        {ROLES.map(([role, label]) => (
          <div key={role} className="w-40">
            <Field
              label={label}
              name={role}
              id={`queue-cap-${role}`}
              inputMode="numeric"
              defaultValue={caps[role] ?? ""}
              placeholder="No cap"
              error={problems[role] ? `${label}: ${problems[role]}` : undefined}
            />
          </div>
        ))}
        <Button type="submit" size="sm" className="mt-7" disabled={save.isPending}>
          Save caps
        </Button>
      </form>
      {save.isSuccess ? (
        <p role="status" className="text-xs text-muted">
          Saved: {ROLES.map(([role, label]) => `${label.toLowerCase()} ${caps[role] ?? "no cap"}`).join(", ")}.
        </p>
      ) : null}
      <MutationError mutation={save} title="The caps were not saved" />
    </Card>
  );
}
