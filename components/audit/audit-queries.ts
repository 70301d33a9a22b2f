// The audit pages' queries, without "use client" (like components/usage/usage-queries).
import { infiniteQueryOptions, keepPreviousData } from "@tanstack/react-query";
import type { AuditPage } from "@/lib/audit/audit-rules";
import type { AuditFilters } from "@/lib/audit/audit-schemas";
import { api } from "@/lib/client/api";

/** Whose log the page reads: the whole studio's (site admins) or one team's (its owners). */
export type AuditScope = { kind: "site" } | { kind: "team"; teamId: string };

export function auditBasePath(scope: AuditScope): string {
  return scope.kind === "site" ? "/api/admin/audit" : `/api/teams/${encodeURIComponent(scope.teamId)}/audit`;
}

/** The filters as query parameters, empty ones left out. */
export function auditSearch(filters: AuditFilters, cursor?: string | null): string {
  const search = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
  if (cursor) search.set("cursor", cursor);
  return search.toString();
}

/** The export of what the filters keep, as a download address. */
export function auditCsvHref(scope: AuditScope, filters: AuditFilters): string {
  const search = auditSearch(filters);
  return `${auditBasePath(scope)}/csv${search ? `?${search}` : ""}`;
}

/** The log a page at a time, newest first; the last answer stays on screen while new filters load. */
export function auditQuery(scope: AuditScope, filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ["audit", scope, filters],
    queryFn: ({ pageParam, signal }) => {
      const search = auditSearch(filters, pageParam);
      return api<AuditPage>(`${auditBasePath(scope)}${search ? `?${search}` : ""}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}
