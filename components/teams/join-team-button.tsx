"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/client/api";

/** Joins the invite's team with the signed-in account, then opens the team's page. */
export function JoinTeamButton({ token, teamName }: { token: string; teamName: string }) {
  const router = useRouter();
  const join = useMutation({
    mutationFn: () => api<{ team: { id: string; name: string } }>("/api/teams/join", { method: "POST", json: { token } }),
    onSuccess: ({ team }) => {
      router.push(`/teams/${team.id}`);
      router.refresh();
    },
  });
  return (
    <div className="space-y-3">
      {join.error ? (
        <p role="alert" className="text-sm leading-relaxed text-red-600 dark:text-red-400">
          {join.error.message}
        </p>
      ) : null}
      <Button className="w-full" disabled={join.isPending || join.isSuccess} onClick={() => join.mutate()}>
        {join.isPending ? "Joining…" : `Join ${teamName}`}
      </Button>
    </div>
  );
}
