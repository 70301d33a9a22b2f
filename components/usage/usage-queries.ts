// The admin usage page's query, without "use client" (like components/admin/video-admin-queries).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { UsageReportDto } from "@/lib/usage/usage-dto";
import { addDays, USAGE_DEFAULT_DAYS } from "@/lib/usage/usage-rules";

/** The admin's choices on the page, as GET /api/admin/usage parameters (empty ones left out). */
export type AdminUsageFilters = { from: string; to: string; groupBy: string; model: string; userId: string; teamId: string };

/** What the page opens on: the last USAGE_DEFAULT_DAYS days up to `today` (a UTC day), per day, of everyone and every model. */
export function defaultAdminUsageFilters(today: string): AdminUsageFilters {
  return { from: addDays(today, 1 - USAGE_DEFAULT_DAYS), to: today, groupBy: "day", model: "", userId: "", teamId: "" };
}

export function adminUsageSearch(filters: AdminUsageFilters, format: "json" | "csv" = "json"): string {
  const search = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ""));
  if (format === "csv") search.set("format", "csv");
  return search.toString();
}

/** GET /api/admin/usage; the last answer stays on screen while the next range loads. */
export function adminUsageQuery(filters: AdminUsageFilters) {
  return queryOptions({
    queryKey: ["admin", "usage", filters],
    queryFn: ({ signal }) => api<UsageReportDto>(`/api/admin/usage?${adminUsageSearch(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
