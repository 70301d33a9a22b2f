// What the team routes answer (issue 12), shared by the server and the team pages. Browser-safe.
import type { InviteSummary, TeamRole } from "@/lib/auth/types";

/** A team in "my teams": the caller's role in it and how many people belong to it. */
export type TeamSummaryDto = { id: string; name: string; role: TeamRole; memberCount: number; createdAt: string };

export type TeamMemberDto = { userId: string; name: string; email: string; role: TeamRole; joinedAt: string };

/**
 * A team's page. `myRole` is null for a site admin who is not a member; `canManageInvites` and
 * `canManageMembers` say which owner actions the caller may take, so the page offers only those.
 */
export type TeamDetailDto = {
  id: string;
  name: string;
  createdAt: string;
  myRole: TeamRole | null;
  canManageMembers: boolean;
  canManageInvites: boolean;
  members: TeamMemberDto[];
};

/** A team invite as its owners see it (never its token). */
export type TeamInviteDto = InviteSummary;

/** POST /api/teams/[id]/invites: the link holds the token and is shown once. */
export type CreatedTeamInviteDto = { invite: TeamInviteDto; link: string };

/** DELETE /api/teams/[id]/members/[userId]: whether the team went with its last member. */
export type MemberRemovedDto = { userId: string; teamDeleted: boolean };

/** A row of the admin area's teams card. */
export type AdminTeamDto = {
  id: string;
  name: string;
  createdAt: string;
  memberCount: number;
  owners: { id: string; name: string }[];
  /** The bytes its members' work in it stores, and its own storage quota (null: the site's default). */
  storageUsedBytes: number;
  storageQuotaBytes: number | null;
};
