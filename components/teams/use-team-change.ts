"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { isApiError } from "@/lib/client/api";

// A change to a team, then the page is read again: the server's answer is what the page shows, so
// the members, roles and invites on screen are never a guess.
export function useTeamChange<V, T>(send: (values: V) => Promise<T>, onDone?: (answer: T) => void) {
  const router = useRouter();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      onDone?.(answer);
      router.refresh();
    },
  });
}

/** The message a refusal gave for `field`, to show beside that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  return isApiError(error) ? error.error.fields?.find((problem) => problem.field === field)?.message : undefined;
}
