// What the team routes and pages say when they refuse (issue 12): one wording, used by the server
// (which decides) and the pages and tests (which show and check it). Browser-safe.

/** For a team the caller may not see: the same answer as for a team that does not exist. */
export const NO_SUCH_TEAM = "No such team";

export const OWNERS_ONLY = "Only an owner of this team can do this";

export const NO_ACCOUNT_FOR_EMAIL = "No account uses this email. Send them an invite link instead.";

export const ALREADY_A_MEMBER = "This account is already a member of the team";

export const YOU_ARE_ALREADY_A_MEMBER = "You are already a member of this team";

export const NO_SUCH_MEMBER = "No such member of this team";

export const LAST_OWNER_DEMOTE = "A team needs an owner: make another member an owner before you stop being one.";

export const LAST_OWNER_LEAVE =
  "You are the team's last owner: make another member an owner before you leave, or remove the other members first.";

export const NOT_YOUR_TEAM = "Pick one of your own teams";
