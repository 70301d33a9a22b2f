import "server-only";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { checkInvite } from "./invites";
import type { InviteProblem } from "./messages";
import { siteSettings } from "./site-settings";

export type SignUpPolicy =
  | { kind: "first-account" }
  | { kind: "invite"; invite: string; teamName: string; expiresAt: Date }
  | { kind: "invite-problem"; problem: InviteProblem }
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
    return check.status === "valid" ? { kind: "invite", invite, teamName: check.teamName, expiresAt: check.expiresAt } : { kind: "invite-problem", problem: check.status };
  }
  if ((await siteSettings(client)).openSignUp) return { kind: "open" };
  return { kind: "closed" };
}

/** Whether the sign-in page should point to sign-up at all. */
export async function signUpIsOpen(): Promise<boolean> {
  const policy = await signUpPolicy();
  return policy.kind === "first-account" || policy.kind === "open";
}
