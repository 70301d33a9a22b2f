import "server-only";
import { db } from "@/lib/db/client";
import { checkInvite } from "./invites";
import type { InviteProblem } from "./messages";
import { siteSettings } from "./site-settings";

export type SignUpPolicy =
  | { kind: "first-account" }
  | { kind: "invite"; invite: string; teamName: string; expiresAt: Date }
  | { kind: "invite-problem"; problem: InviteProblem }
  | { kind: "open" }
  | { kind: "closed" };

/** What the sign-up page offers; createAccount enforces the same rules on its own. */
export async function signUpPolicy(invite?: string): Promise<SignUpPolicy> {
  if ((await db.user.count()) === 0) return { kind: "first-account" };
  if (invite !== undefined) {
    const check = await checkInvite(invite);
    return check.status === "valid" ? { kind: "invite", invite, teamName: check.teamName, expiresAt: check.expiresAt } : { kind: "invite-problem", problem: check.status };
  }
  if ((await siteSettings()).openSignUp) return { kind: "open" };
  return { kind: "closed" };
}

/** Whether the sign-in page should point to sign-up at all. */
export async function signUpIsOpen(): Promise<boolean> {
  const policy = await signUpPolicy();
  return policy.kind === "first-account" || policy.kind === "open";
}
