import type { Metadata } from "next";
import Link from "next/link";
import { QueryProvider } from "@/components/providers/query-provider";
import { JoinTeamButton } from "@/components/teams/join-team-button";
import { currentUser } from "@/lib/auth/current-user";
import { checkInvite } from "@/lib/auth/invites";
import { INVITE_PROBLEMS, TEAM_INVITE_NEEDS_ACCOUNT } from "@/lib/auth/messages";
import { inviteCreatesAccounts } from "@/lib/auth/sign-up-policy";
import { siteSettings } from "@/lib/auth/site-settings";

export const metadata: Metadata = { title: "Join a team" };

const linkClass = "font-medium text-accent-600 dark:text-accent-400 hover:underline";

// A team owner's invite link. Outside the studio's shell, so that it works signed out: a signed-in
// account joins with one click; anyone else signs in (and comes back here), or signs up with the
// same link while the admin lets team invites create accounts.
export default async function JoinPage({ searchParams }: { searchParams: Promise<{ invite?: string | string[] }> }) {
  const { invite } = await searchParams;
  const token = typeof invite === "string" ? invite : Array.isArray(invite) ? invite[0] : "";
  const [check, user, settings] = await Promise.all([checkInvite(token ?? ""), currentUser(), siteSettings()]);

  if (check.status !== "valid") {
    return (
      <>
        <h1 className="mb-3 text-xl font-semibold">This invite link cannot be used</h1>
        <p role="alert" className="mb-6 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">
          {INVITE_PROBLEMS[check.status]}
        </p>
        <p className="text-center text-sm text-muted">
          <Link href={user ? "/teams" : "/sign-in"} className={linkClass}>
            {user ? "Your teams" : "Sign in"}
          </Link>
        </p>
      </>
    );
  }

  const expires = check.expiresAt.toLocaleDateString("en", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  if (!user) {
    const here = `/join?invite=${encodeURIComponent(token)}`;
    return (
      <>
        <h1 className="mb-1 text-xl font-semibold">Join {check.teamName}</h1>
        <p className="mb-6 text-sm text-muted">You were invited to the team {check.teamName}. The link works once, until {expires}.</p>
        <div className="space-y-3 text-center text-sm">
          <Link href={`/sign-in?next=${encodeURIComponent(here)}`} className="flex h-10 items-center justify-center rounded-lg bg-accent-600 font-medium text-white hover:bg-accent-700">
            Sign in to join
          </Link>
          {inviteCreatesAccounts(check.kind, settings) ? (
            <p className="text-muted">
              No account yet?{" "}
              <Link href={`/sign-up?invite=${encodeURIComponent(token)}`} className={linkClass}>
                Create one with this invite
              </Link>
            </p>
          ) : (
            <p className="text-muted">{TEAM_INVITE_NEEDS_ACCOUNT}</p>
          )}
        </div>
      </>
    );
  }

  if (user.teamIds.includes(check.teamId)) {
    return (
      <>
        <h1 className="mb-3 text-xl font-semibold">You are already in {check.teamName}</h1>
        <p className="mb-6 text-sm text-muted">The link stays unused, for the person it was meant for.</p>
        <p className="text-center text-sm">
          <Link href={`/teams/${check.teamId}`} className={linkClass}>
            Open {check.teamName}
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <h1 className="mb-1 text-xl font-semibold">Join {check.teamName}</h1>
      <p className="mb-6 text-sm text-muted">
        Signed in as {user.name} ({user.email}). You will see what the team shares, and can share your work with it. The link works once, until {expires}.
      </p>
      <QueryProvider>
        <JoinTeamButton token={token} teamName={check.teamName} />
      </QueryProvider>
      <p className="mt-4 text-center text-sm text-muted">
        <Link href="/" className={linkClass}>
          Back to the studio
        </Link>
      </p>
    </>
  );
}
