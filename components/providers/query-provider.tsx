"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { SessionEndedNotice } from "@/components/session/session-ended-notice";
import { isSessionEndedError, markSessionEnded } from "@/components/session/session-ended";
// Before any form parses with zod on any page (see the module).
import "@/lib/validation/zod-config";

// One QueryClient per browser tab (created once per mount, never shared between server requests).
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: endSessionOn401 }),
        mutationCache: new MutationCache({ onError: endSessionOn401 }),
        defaultOptions: { queries: { staleTime: 10_000, refetchOnWindowFocus: false, retry: (failures, error) => failures < 1 && !isSessionEndedError(error) } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      <SessionEndedNotice />
    </QueryClientProvider>
  );
}

function endSessionOn401(error: unknown): void {
  if (isSessionEndedError(error)) markSessionEnded();
}
