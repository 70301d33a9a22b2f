// What the sign-in and sign-up screens say, shared by the server (which decides) and the pages
// (which show it), so the wording lives in one place.

/** The one answer for a wrong password, an unknown email and a disabled account alike. */
export const INVALID_CREDENTIALS = "The email or password is not right.";
export const ACCOUNT_DISABLED = "This account is disabled. Ask an admin of this studio to enable it again.";

export const SIGN_UP_BY_INVITATION = "Sign-up is by invitation. Ask an admin of this studio for an invite link.";

/**
 * The answer when sign-up is allowed but the email already has an account: it must not say so, or
 * the form tells anyone which emails have accounts.
 */
export const ACCOUNT_NOT_CREATED = "No account was created with these details. If you already have an account, sign in with it.";

// An account made by open sign-up joins no team, so it sees no one's work until a team
// owner adds it; only an invite link joins a team.
export const OPEN_SIGN_UP_MEANING =
  "Anyone who can reach this studio can create an account. New accounts join no team and see only their own work until a team owner adds them.";

export const TEAM_INVITES_CREATE_ACCOUNTS_MEANING =
  "A team owner's invite link may create a new account in this studio. Off: it only adds someone who already has an account, and new accounts need your invite or open sign-up.";

/** A team owner's invite opened by someone signed out while team invites create no accounts. */
export const TEAM_INVITE_NEEDS_ACCOUNT =
  "This team invite adds an existing account to the team: sign in with your account to join. New accounts need an invite from an admin of this studio.";

export const OPEN_SIGN_UP_NO_TEAM = "Your account joins no team yet: a team owner can add you, or you can create a team of your own.";

export function tooManySignInAttempts(retryAfterSeconds: number): string {
  return `Too many sign-in attempts. Try again in ${waitText(retryAfterSeconds)}.`;
}

export function tooManySignUpAttempts(retryAfterSeconds: number): string {
  return `Too many sign-up attempts. Try again in ${waitText(retryAfterSeconds)}.`;
}

/** "14 minutes", "1 minute": whole minutes rounded up, so the user is never told too early. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export type InviteProblem = "unknown" | "used" | "expired" | "revoked";

export const INVITE_PROBLEMS: Record<InviteProblem, string> = {
  unknown: "This invite link is not valid. Check that you copied the whole link, or ask an admin for a new one.",
  used: "This invite link has already been used. Ask an admin of this studio for a new one.",
  expired: "This invite link has expired. Ask an admin of this studio for a new one.",
  revoked: "This invite link was withdrawn by an admin. Ask an admin of this studio for a new one.",
};
