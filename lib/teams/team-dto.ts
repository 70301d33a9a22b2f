// What the team routes answer, shared by the server and the team pages. Browser-safe.
import type { InviteSummary, TeamRole } from "@/lib/auth/types";

export type PersonRefDto = { name: string; email: string };

/**
 * A team in "my teams": the caller's role in it, how many people belong to it, when the caller
 * joined it and who owns it. Two teams may share a name; the owner and the date the caller joined
 * are what tell them apart wherever the caller picks a team.
 */
export type TeamSummaryDto = {
  id: string;
  name: string;
  role: TeamRole;
  memberCount: number;
  createdAt: string;
  joinedAt: string;
  /** The team's longest-standing owner other than the caller; null when the caller is its only owner. */
  owner: PersonRefDto | null;
};

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

/** A pending invitation by email, as the team's owners see it: the address only, never whose account it is. */
export type TeamInvitationDto = { id: string; email: string; role: TeamRole; createdAt: string; expiresAt: string; invitedBy: string };

/** POST /api/teams/[id]/invitations: the same answer whether or not the address has an account. */
export type InvitationSentDto = { message: string; invitation: TeamInvitationDto };

/** A pending invitation as its invitee sees it: which team (and how big), who invited, with which role. */
export type MyInvitationDto = {
  id: string;
  role: TeamRole;
  createdAt: string;
  expiresAt: string;
  team: { id: string; name: string; memberCount: number };
  invitedBy: PersonRefDto;
};

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
