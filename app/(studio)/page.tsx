import Link from "next/link";
import { RECENT_WORK_COUNT, RecentWork } from "@/components/home/recent-work";
import { navItems } from "@/components/shell/nav-items";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser, type CurrentUser } from "@/lib/auth/current-user";
import { galleryQuerySchema } from "@/lib/gallery/gallery-schemas";
import { listGallery } from "@/lib/gallery/list-gallery";

// Where a designer starts: the newest of their own work and of their active team's, each a click
// from its detail, then every section of the studio.
export default async function HomePage() {
  const user = await requirePageUser();
  const sections = navItems.filter((item) => user.role === "admin" || !item.adminOnly);
  const team = user.teams.find((membership) => membership.id === user.activeTeamId);
  const [mine, shared] = await Promise.all([newestIn(user, "mine"), team ? newestIn(user, team.id) : []]);
  return (
    <>
      <PageHeader title={`Hello, ${user.name}`} description="Pick up where the team left off." />
      {mine.length > 0 || shared.length > 0 ? (
        <div className="mb-8 space-y-6">
          {mine.length > 0 ? <RecentWork title="Your latest work" scope="mine" items={mine} testId="recent-mine" /> : null}
          {team && shared.length > 0 ? <RecentWork title={`Shared with ${team.name}`} scope={team.id} items={shared} testId="recent-team" /> : null}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {sections.map((item) => (
          <Link
            key={item.href}
            href={item.href}
            className="group rounded-xl border border-zinc-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-accent-400 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900"
          >
            <svg viewBox="0 0 20 20" className="mb-3 size-7 text-accent-600 dark:text-accent-400" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" aria-hidden>
              <path d={item.icon} />
            </svg>
            <p className="font-medium group-hover:text-accent-700 dark:group-hover:text-accent-400">{item.label}</p>
            <p className="mt-1 text-sm text-muted">{item.description}</p>
          </Link>
        ))}
      </div>
    </>
  );
}

/** The newest entries of one gallery tab, under the gallery's own access rule. */
async function newestIn(user: CurrentUser, scope: string) {
  const page = await listGallery(user, galleryQuerySchema.parse({ scope, limit: RECENT_WORK_COUNT }));
  return page.items;
}
