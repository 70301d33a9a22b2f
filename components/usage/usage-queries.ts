// The admin usage page's query, without "use client" (like components/admin/video-admin-queries).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import type { UsageReportDto } from "@/lib/usage/usage-dto";

/** The admin's choices on the page, as GET /api/admin/usage parameters (empty ones left out). */
export type AdminUsageFilters = { from: string; to: string; groupBy: string; model: string; userId: string; teamId: string };

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
