import Link from "next/link";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/(auth)/actions";
import { ActivityTray } from "@/components/jobs/activity-tray";
import { JobsProvider } from "@/components/jobs/jobs-provider";
import type { CurrentUser } from "@/lib/auth/types";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";
import { Logo } from "./logo";
import { NavLinks } from "./nav-links";
import { ShellMenu, ShellMenuButton, ShellMenuPanel } from "./shell-menu";
import { TeamSwitcher } from "./team-switcher";
import { ThemeToggle } from "./theme-toggle";
import { UpstreamNotices } from "@/components/upstreams/upstream-notices";
import { UPSTREAM_SERVICES } from "@/lib/upstream/reachability/services";

// The signed-in frame. JobsProvider wraps every signed-in page, so the activity tray and the pages
// share one jobs list and one event stream per tab. `teams` are the user's teams with what
// tells same-named ones apart; `invitationCount` is how many team invitations wait for their answer;
// `notice` is shown above every page (the budgets' soft alert).
export function AppShell({ user, teams, invitationCount, notice, children }: { user: CurrentUser; teams: TeamSummaryDto[]; invitationCount: number; notice?: ReactNode; children: ReactNode }) {
  return (
    <JobsProvider>
      <div className="min-h-dvh lg:grid lg:grid-cols-[15rem_1fr]">
        <aside className="sticky top-0 z-20 flex flex-col gap-2 border-b border-zinc-200 bg-white/90 px-3 py-2 backdrop-blur lg:h-dvh lg:gap-3 lg:border-r lg:border-b-0 lg:px-4 lg:py-5 dark:border-zinc-800 dark:bg-zinc-900/90">
          <ShellMenu>
            <div className="flex items-center justify-between lg:mb-4">
              <Link href="/" aria-label="Studio home">
                <Logo />
              </Link>
              <div className="flex items-center gap-1">
                <ActivityTray />
                <ShellMenuButton />
              </div>
            </div>
            <NavLinks isAdmin={user.role === "admin"} invitationCount={invitationCount} />
            <ShellMenuPanel className="space-y-2 border-t border-zinc-200 pt-2 pb-1 lg:mt-auto lg:border-t-0 lg:p-0 dark:border-zinc-800">
              <TeamSwitcher teams={teams} activeTeamId={user.activeTeamId} />
              <div className="lg:hidden">
                <UserBlock user={user} compact />
              </div>
            </ShellMenuPanel>
            <div className="hidden border-t border-zinc-200 pt-4 lg:block dark:border-zinc-800">
              <UserBlock user={user} />
            </div>
          </ShellMenu>
        </aside>
        <div className="flex min-w-0 flex-col">
          <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-4 sm:py-6 lg:px-8 lg:py-8">
            {notice}
            <div className="mb-4 empty:hidden">
              <UpstreamNotices services={UPSTREAM_SERVICES} testId="shell-upstream-notice" />
            </div>
            {children}
          </main>
        </div>
      </div>
    </JobsProvider>
  );
}

function UserBlock({ user, compact = false }: { user: CurrentUser; compact?: boolean }) {
  const controls = (
    <>
      <ThemeToggle />
      <form action={signOutAction}>
        <button
          type="submit"
          className="rounded-md px-2 py-1.5 text-sm text-muted hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          Sign out
        </button>
      </form>
    </>
  );
  if (compact) {
    return (
      <div className="flex items-center gap-2">
        <Link
          href="/account"
          className="rounded-md px-2 py-1.5 text-sm text-muted hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          Account
        </Link>
        {controls}
      </div>
    );
  }
  // The sidebar's column is narrow: the name and address take a row of their own, the controls the next.
  return (
    <div className="space-y-1">
      <Link href="/account" title="Account and password" className="-mx-1.5 block rounded-md px-1.5 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800">
        <p className="truncate text-sm font-medium" data-testid="current-user-name">
          {user.name}
        </p>
        <p className="truncate text-xs text-muted">
          {user.email} · <span data-testid="current-user-role">{user.role}</span>
        </p>
      </Link>
      <div className="-mx-1.5 flex items-center justify-between">{controls}</div>
    </div>
  );
}
