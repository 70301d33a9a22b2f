"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { lazyModule } from "@/components/forms/lazy-module";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { inputClass, selectClassWith } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { actionsIn, AUDIT_ACTIONS, AUDIT_CATEGORIES, AUDIT_CATEGORY_NAMES, auditActionLabel, type AuditAction, type AuditCategory } from "@/lib/audit/actions";
import { AUDIT_TARGET_SEARCH_MAX, type AuditEntryDto } from "@/lib/audit/audit-rules";
import type { AuditFilters } from "@/lib/audit/audit-schemas";
import { AuditDetails } from "./audit-details";
import { auditCsvHref, auditQuery, type AuditScope } from "./audit-queries";
import { DataCell, DataTable, type DataColumn } from "@/components/ui/data-table";

/** A person or team a filter can pick. */
export type AuditChoice = { id: string; label: string };

const timeFormat = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZone: "UTC" });

const labelClass = "block text-sm font-medium text-zinc-700 dark:text-zinc-300";
const linkButton =
  "inline-flex h-8 items-center rounded-lg border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";

const auditSchemas = lazyModule(() => import("@/lib/audit/audit-schemas"));

const CATEGORY_TONES: Record<AuditCategory, "neutral" | "accent" | "success" | "warning" | "danger"> = {
  users: "warning",
  invites: "accent",
  teams: "accent",
  settings: "warning",
  storage: "neutral",
  budgets: "warning",
  sharing: "success",
  deletions: "danger",
  tokens: "neutral",
  video: "neutral",
};

/**
 * Who did what and when, newest first: the whole studio's log for site admins (`teams` given), one
 * team's for its owners. The filters go through the routes' own schema before any request, and the
 * export downloads everything they keep.
 */
export function AuditLogPanel({ scope, actors, teams }: { scope: AuditScope; actors: AuditChoice[]; teams?: AuditChoice[] }) {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [targetDraft, setTargetDraft] = useState("");
  const narrowed = Object.values(filters).some((value) => value !== undefined && value !== "");
  // The schemas arrive with the first filter; until then no narrowed request is made. Should they
  // fail to load, the filters go to the routes unchecked and their own check names any problem.
  const [schemas, setSchemas] = useState(auditSchemas.current);
  const [unchecked, setUnchecked] = useState(auditSchemas.failed);
  useEffect(() => {
    if (narrowed && !schemas && !unchecked) void auditSchemas.load().then((module) => (module ? setSchemas(module) : setUnchecked(true)));
  }, [narrowed, schemas, unchecked]);
  const checked = !narrowed || unchecked ? { success: true as const, data: filters } : schemas?.auditFiltersSchema.safeParse(filters);
  const problems = new Map(!checked || checked.success ? [] : checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const ready = Boolean(checked?.success);
  const applied = checked?.success ? checked.data : {};
  const log = useInfiniteQuery({ ...auditQuery(scope, applied), enabled: ready });
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K] | "") => setFilters((current) => ({ ...current, [key]: value === "" ? undefined : value }));
  const setCategory = (value: string) =>
    setFilters((current) => {
      const category = value === "" ? undefined : (value as AuditCategory);
      // An action of another category would leave nothing to show.
      const action = current.action && category && AUDIT_ACTIONS[current.action].category !== category ? undefined : current.action;
      return { ...current, category, action };
    });
  const searchTarget = (event: FormEvent) => {
    event.preventDefault();
    set("target", targetDraft.trim());
  };
  const clear = () => {
    setFilters({});
    setTargetDraft("");
  };
  const actionChoices = filters.category ? actionsIn(filters.category) : (Object.keys(AUDIT_ACTIONS) as AuditAction[]);

  return (
    <div className="space-y-6">
      <Card className="space-y-4 p-5" data-testid="audit-filters" onFocus={auditSchemas.preload}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <FilterField id="audit-category" label="Category">
            <select id="audit-category" value={filters.category ?? ""} onChange={(event) => setCategory(event.target.value)} className={selectClassWith()}>
              <option value="">All categories</option>
              {AUDIT_CATEGORY_NAMES.map((category) => (
                <option key={category} value={category}>
                  {AUDIT_CATEGORIES[category]}
                </option>
              ))}
            </select>
          </FilterField>
          <FilterField id="audit-action" label="Action">
            <select id="audit-action" value={filters.action ?? ""} onChange={(event) => set("action", event.target.value as AuditAction | "")} className={selectClassWith()}>
              <option value="">All actions</option>
              {actionChoices.map((action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTIONS[action].label}
                </option>
              ))}
            </select>
          </FilterField>
          <FilterField id="audit-actor" label="Actor">
            <select id="audit-actor" value={filters.actorId ?? ""} onChange={(event) => set("actorId", event.target.value)} className={selectClassWith()}>
              <option value="">Anyone</option>
              {actors.map((actor) => (
                <option key={actor.id} value={actor.id}>
                  {actor.label}
                </option>
              ))}
            </select>
          </FilterField>
          {teams ? (
            <FilterField id="audit-team" label="Team">
              <select id="audit-team" value={filters.teamId ?? ""} onChange={(event) => set("teamId", event.target.value)} className={selectClassWith()}>
                <option value="">Any team or none</option>
                {teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.label}
                  </option>
                ))}
              </select>
            </FilterField>
          ) : null}
          <FilterField id="audit-from" label="From (UTC)" problem={problems.get("from")}>
            <input id="audit-from" type="date" value={filters.from ?? ""} max={filters.to} onChange={(event) => set("from", event.target.value)} aria-invalid={problems.has("from") || undefined} aria-describedby={problems.has("from") ? "audit-from-problem" : undefined} className={inputClass} />
          </FilterField>
          <FilterField id="audit-to" label="To (UTC)" problem={problems.get("to")}>
            <input id="audit-to" type="date" value={filters.to ?? ""} min={filters.from} onChange={(event) => set("to", event.target.value)} aria-invalid={problems.has("to") || undefined} aria-describedby={problems.has("to") ? "audit-to-problem" : undefined} className={inputClass} />
          </FilterField>
          <form onSubmit={searchTarget} className={`space-y-1.5 sm:col-span-2 ${teams ? "" : "lg:col-span-3"}`} role="search" aria-label="Search targets">
            <label htmlFor="audit-target" className={labelClass}>
              Target contains
            </label>
            <div className="flex gap-2">
              <input
                id="audit-target"
                type="search"
                value={targetDraft}
                maxLength={AUDIT_TARGET_SEARCH_MAX}
                placeholder="An id, or part of one"
                onChange={(event) => setTargetDraft(event.target.value)}
                className={inputClass}
              />
              <Button type="submit" variant="secondary">
                Search
              </Button>
            </div>
          </form>
        </div>
        <div className="flex flex-wrap items-center gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <p className="text-xs text-muted">Entries are never changed or removed. Days are UTC; both ends are included.</p>
          <div className="ml-auto flex items-center gap-2">
            {narrowed ? (
              <Button variant="ghost" size="sm" onClick={clear}>
                Clear filters
              </Button>
            ) : null}
            <a href={ready ? auditCsvHref(scope, applied) : undefined} aria-disabled={!ready || undefined} download className={linkButton} data-testid="audit-export">
              Export CSV
            </a>
          </div>
        </div>
      </Card>

      <Card className="overflow-hidden">
        <div className="flex items-center gap-2 border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
          <h2 className="text-sm font-semibold">Entries, newest first</h2>
          {log.isFetching && !log.isFetchingNextPage ? <Spinner className="size-3.5 text-muted" /> : null}
        </div>
        {log.error ? (
          <div className="p-4">
            <Alert title="The audit log could not be read">{log.error.message}</Alert>
          </div>
        ) : null}
        {log.isPending && (ready || !checked) ? (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        ) : entries.length === 0 ? (
          <p className="px-5 py-4 text-sm text-muted">{narrowed ? "No entry matches these filters." : "Nothing has been recorded yet."}</p>
        ) : (
          <DataTable
            label="Audit log"
            regionLabel="Audit log entries"
            bodyClassName="align-top"
            columns={Object.values(AUDIT_COLUMNS).filter((column) => teams || column !== AUDIT_COLUMNS.team)}
          >
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} showTeam={teams !== undefined} />
            ))}
          </DataTable>
        )}
        {log.hasNextPage ? (
          <div className="border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
            <Button size="sm" variant="secondary" disabled={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
              {log.isFetchingNextPage ? "Loading…" : "Show older entries"}
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}

const AUDIT_COLUMNS = {
  time: { label: "Time (UTC)" },
  action: { label: "Action", wide: true },
  actor: { label: "Actor" },
  target: { label: "Target" },
  team: { label: "Team" },
  details: { label: "Details", wide: true },
} satisfies Record<string, DataColumn>;

/** One entry; a team's own log leaves out the team column, which would say the same on every line. */
function AuditRow({ entry, showTeam }: { entry: AuditEntryDto; showTeam: boolean }) {
  return (
    <tr data-testid="audit-entry">
      <DataCell column={AUDIT_COLUMNS.time} className="px-5 py-2.5 whitespace-nowrap text-muted">
        <time dateTime={entry.createdAt}>{timeFormat.format(new Date(entry.createdAt))}</time>
      </DataCell>
      <DataCell column={AUDIT_COLUMNS.action} className="min-w-52 px-5 py-2.5">
        <span className="block font-medium">{auditActionLabel(entry.action)}</span>
        <span className="mt-0.5 flex flex-wrap items-center gap-1.5">
          {entry.category ? <Badge tone={CATEGORY_TONES[entry.category]}>{AUDIT_CATEGORIES[entry.category]}</Badge> : null}
          <code className="text-xs text-muted">{entry.action}</code>
        </span>
      </DataCell>
      <DataCell column={AUDIT_COLUMNS.actor} className="px-5 py-2.5">
        {entry.actor ? (
          <>
            <span className="block max-w-56 truncate" title={entry.actor.name ?? undefined}>
              {entry.actor.name ?? "Unknown"}
            </span>
            <span className="block max-w-56 truncate text-xs text-muted" title={entry.actor.email ?? undefined}>
              {entry.actor.email}
            </span>
          </>
        ) : (
          <span className="text-muted">The studio</span>
        )}
      </DataCell>
      <DataCell column={AUDIT_COLUMNS.target} className="max-w-40 px-5 py-2.5">{entry.target ? <code className="block truncate text-xs" title={entry.target}>{entry.target}</code> : <span className="text-muted">—</span>}</DataCell>
      {showTeam ? <DataCell column={AUDIT_COLUMNS.team} className="max-w-44 px-5 py-2.5">
        {entry.team ? (
          entry.team.name !== null ? (
            <span className="block truncate" title={entry.team.name}>
              {entry.team.name}
            </span>
          ) : (
            <span className="text-muted" title={entry.team.id}>
              Deleted team
            </span>
          )
        ) : (
          <span className="text-muted">—</span>
        )}
      </DataCell> : null}
      <DataCell column={AUDIT_COLUMNS.details} className="max-w-80 min-w-52 px-5 py-2.5">
        <AuditDetails details={entry.details} />
      </DataCell>
    </tr>
  );
}

function FilterField({ id, label, problem, children }: { id: string; label: string; problem?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {problem ? (
        <p id={`${id}-problem`} className="text-xs text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
