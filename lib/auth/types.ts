// Shapes shared by the server and browser code (pages, the shell, admin and account components).

export type SiteRole = "admin" | "member";

export type TeamRole = "owner" | "member";

/** A team the user belongs to, with their role in it. */
export type TeamMembershipSummary = { id: string; name: string; role: TeamRole };

/**
 * The user a request acts as, read fresh from the database on every request: signed in with a
 * session (a browser), or a script holding one of their personal access tokens.
 */
export type CurrentUser = UserFields & RequestCredential;

/** A user signed in with a session (a browser), never a token: for what only a person may do. */
export type SessionUser = Extract<CurrentUser, { sessionId: string }>;

/** How the request proved who it is: exactly one of a session row and an access token row. */
type RequestCredential =
  | { /** The UserSession row this request is signed in with. */ sessionId: string; tokenId?: undefined }
  | { sessionId?: undefined; /** The AccessToken row this request came with (lib/access-tokens). */ tokenId: string };

type UserFields = {
  id: string;
  email: string;
  name: string;
  role: SiteRole;
  teamIds: string[];
  /** The user's teams, oldest membership first. */
  teams: TeamMembershipSummary[];
  /** The team picked in the shell (the first team when none was picked); null without a team. */
  activeTeamId: string | null;
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

export type SiteSettingsDto = {
  openSignUp: boolean;
  publicShareLinks: boolean;
  teamInvitesCreateAccounts: boolean;
  accessTokens: boolean;
  accessTokensWithoutExpiry: boolean;
};

/** What a sign-in or sign-up form shows after the server answered. */
export type AuthFormState = { message?: string; fields?: Record<string, string>; values?: Record<string, string> };
