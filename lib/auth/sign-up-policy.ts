import "server-only";
import { db } from "@/lib/db/client";
import type { InviteKind, Prisma } from "@/lib/generated/prisma/client";
import { checkInvite } from "./invites";
import type { InviteProblem } from "./messages";
import { siteSettings } from "./site-settings";
import type { SiteSettingsDto } from "./types";

export type SignUpPolicy =
  | { kind: "first-account" }
  | { kind: "invite"; invite: string; teamName: string; expiresAt: Date }
  | { kind: "invite-problem"; problem: InviteProblem }
  /** A team owner's invite while team invites create no accounts: it adds an existing account only. */
  | { kind: "team-invite-needs-account"; invite: string; teamName: string }
  | { kind: "open" }
  | { kind: "closed" };

/**
 * Who may create an account now, with `invite` or without: what the sign-up page offers and what
 * createAccount enforces. It never looks at the email, so every refusal is the same for all emails.
 */
export async function signUpPolicy(invite?: string, client: Prisma.TransactionClient = db): Promise<SignUpPolicy> {
  if ((await client.user.count()) === 0) return { kind: "first-account" };
  if (invite !== undefined) {
    const check = await checkInvite(invite, client);
    if (check.status !== "valid") return { kind: "invite-problem", problem: check.status };
    if (!inviteCreatesAccounts(check.kind, await siteSettings(client))) return { kind: "team-invite-needs-account", invite, teamName: check.teamName };
    return { kind: "invite", invite, teamName: check.teamName, expiresAt: check.expiresAt };
  }
  if ((await siteSettings(client)).openSignUp) return { kind: "open" };
  return { kind: "closed" };
}

/**
 * Whether a valid invite of `kind` may create an account: a site admin's always; a team owner's only
 * while the admin allows it, so that team owners cannot open the studio to new people on their own.
 */
export function inviteCreatesAccounts(kind: InviteKind, settings: SiteSettingsDto): boolean {
  return kind === "site" || settings.teamInvitesCreateAccounts;
}

/** Whether the sign-in page should point to sign-up at all. */
export async function signUpIsOpen(): Promise<boolean> {
  const policy = await signUpPolicy();
  return policy.kind === "first-account" || policy.kind === "open";
}
