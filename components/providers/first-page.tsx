import { dehydrate, HydrationBoundary, QueryClient, type DataTag, type InfiniteData, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";

type PagedQuery<TPage, TParam> = { queryKey: DataTag<QueryKey, InfiniteData<TPage, unknown>, Error>; initialPageParam: TParam };
type PlainQuery<TData> = { queryKey: DataTag<QueryKey, TData, Error> };

// A paged list's first page, read by a page on the server and handed to the browser's cache as its
// own first fetch would have left it: the list (or its empty state) is then in the server's HTML and
// on the first paint, rather than drawn once the browser has hydrated, asked the API and heard back.
// Without a page (one the server may not read, e.g. a team tab the user has left) the browser asks as before.
// The page is handed over as already stale, so the browser reads it again once it is live: what was
// made between the server's read and the page's subscription to job events still shows. A cache that
// already holds the list (a return by client-side navigation) keeps its own, newer copy.
export function FirstPage<TPage, TParam>({ query, page, children }: { query: PagedQuery<TPage, TParam>; page: TPage | undefined; children: ReactNode }) {
  const client = new QueryClient();
  if (page !== undefined) client.setQueryData(query.queryKey, { pages: [page], pageParams: [query.initialPageParam] }, { updatedAt: 0 });
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}

/** The same for a query that is not paged: its answer, read on the server, handed over as stale. */
export function FirstAnswer<TData>({ query, data, children }: { query: PlainQuery<TData>; data: TData; children: ReactNode }) {
  const client = new QueryClient();
  client.setQueryData(query.queryKey, data, { updatedAt: 0 });
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
