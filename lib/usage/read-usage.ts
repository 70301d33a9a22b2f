import "server-only";
import type { CurrentUser } from "@/lib/auth/types";
import { studioCurrency } from "./currency";
import { db } from "@/lib/db/client";
import type { UsageReportDto, UsageRowDto } from "./usage-dto";
import { usageCsvStream } from "./usage-csv";
import { usageRows } from "./usage-rows";
import type { AdminUsageQuery, UsageQuery } from "./usage-schemas";
import { summarizeUsage } from "./usage-summary";

/** The user's own usage: the filter is always their id, whatever else the query asks. */
export async function ownUsage(user: CurrentUser, query: UsageQuery): Promise<UsageReportDto> {
  const rows = await usageRows({ from: query.from, to: query.to, model: query.model, userId: user.id });
  return summarizeUsage(rows, query, await studioCurrency(db));
}

/** Everyone's usage rows, for the admin page and its CSV export: callers check for a site admin first. */
export function everyonesUsageRows(query: AdminUsageQuery): Promise<UsageRowDto[]> {
  return usageRows({ from: query.from, to: query.to, model: query.model, userId: query.userId, teamId: query.teamId });
}

export async function everyonesUsage(query: AdminUsageQuery): Promise<UsageReportDto> {
  return summarizeUsage(await everyonesUsageRows(query), query, await studioCurrency(db));
}

/** Everyone's usage rows as the CSV export, every amount in the studio's currency. */
export async function everyonesUsageCsv(query: AdminUsageQuery): Promise<ReadableStream<Uint8Array>> {
  return usageCsvStream(await everyonesUsageRows(query), await studioCurrency(db));
}
