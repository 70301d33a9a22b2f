// Shapes shared by the server and browser code (pages, the shell, admin and account components).

export type SiteRole = "admin" | "member";

export type TeamRole = "owner" | "member";

/** A team the user belongs to, with their role in it. */
export type TeamMembershipSummary = { id: string; name: string; role: TeamRole };

/** The signed-in user of a request, read fresh from the database with the request's session. */
export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  role: SiteRole;
  teamIds: string[];
  /** The user's teams, oldest membership first. */
  teams: TeamMembershipSummary[];
  /** The team picked in the shell (the first team when none was picked); null without a team. */
  activeTeamId: string | null;
  /** The UserSession row this request is signed in with. */
  sessionId: string;
};

/** A row of the admin's users table. */
export type UserSummary = {
  id: string;
  email: string;
  name: string;
  role: SiteRole;
  createdAt: string;
  disabledAt: string | null;
};

/** A pending invite as the admin sees it (never its token). */
export type InviteSummary = {
  id: string;
  note: string | null;
  createdAt: string;
  expiresAt: string;
  createdBy: string | null;
};

export type SiteSettingsDto = { openSignUp: boolean; publicShareLinks: boolean; teamInvitesCreateAccounts: boolean };

/** What a sign-in or sign-up form shows after the server answered. */
export type AuthFormState = { message?: string; fields?: Record<string, string>; values?: Record<string, string> };
