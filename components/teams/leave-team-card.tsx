"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { MutationError } from "@/components/ui/mutation-error";
import { api } from "@/lib/client/api";
import type { MemberRemovedDto } from "@/lib/teams/team-dto";

/** Leaving (DELETE of your own membership); the last member's leaving deletes the team. */
export function LeaveTeamCard({ teamId, userId, teamName, lastMember }: { teamId: string; userId: string; teamName: string; lastMember: boolean }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () => api<MemberRemovedDto>(`/api/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    onSuccess: () => {
      router.push("/teams");
      router.refresh();
    },
  });
  return (
    <Card className="p-5">
      <h2 className="text-sm font-semibold">Leave the team</h2>
      <p className="mt-1 mb-4 text-xs text-muted">
        {lastMember
          ? `You are the only member: leaving deletes ${teamName}, and what was shared with it becomes private to whoever made it.`
          : "You stop seeing what is shared with the team. What you shared stays with the team until you unshare it."}
      </p>
      <MutationError mutation={leave} title="You are still in the team" className="mb-4" />
      {confirming ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="danger" disabled={leave.isPending} onClick={() => leave.mutate()}>
            {leave.isPending ? "Leaving…" : lastMember ? "Leave and delete the team" : `Leave ${teamName}`}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Stay
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Leave team…
        </Button>
      )}
    </Card>
  );
}
