// What the team routes and pages say when they refuse: one wording, used by the server
// (which decides) and the pages and tests (which show and check it). Browser-safe.

/** For a team the caller may not see: the same answer as for a team that does not exist. */
export const NO_SUCH_TEAM = "No such team";

export const OWNERS_ONLY = "Only an owner of this team can do this";

/**
 * The one answer to an invitation by email, whether or not the address has an account: the inviter
 * learns nothing about who uses the studio.
 */
export function invitationSent(email: string): string {
  return `Invitation sent to ${email}. If they have an account, they see it on their Teams page and can accept or decline it.`;
}

/** For an invitation that is not the caller's (or does not exist): the same answer. */
export const NO_SUCH_INVITATION = "No such invitation";

export type InvitationProblem = "accepted" | "declined" | "withdrawn" | "expired";

export const INVITATION_PROBLEMS: Record<InvitationProblem, string> = {
  accepted: "This invitation has already been accepted.",
  declined: "This invitation was declined.",
  withdrawn: "This invitation was withdrawn by the team's owner.",
  expired: "This invitation has expired. Ask the team's owner for a new one.",
};

export const ALREADY_A_MEMBER = "This account is already a member of the team";

export const YOU_ARE_ALREADY_A_MEMBER = "You are already a member of this team";

export const NO_SUCH_MEMBER = "No such member of this team";

export const LAST_OWNER_DEMOTE = "A team needs an owner: make another member an owner before you stop being one.";

export const LAST_OWNER_LEAVE =
  "You are the team's last owner: make another member an owner before you leave, or remove the other members first.";

export const NOT_YOUR_TEAM = "Pick one of your own teams";
