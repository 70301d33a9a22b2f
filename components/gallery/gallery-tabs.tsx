import Link from "next/link";
import type { TeamRefDto } from "@/lib/gallery/gallery-dto";

// "Mine" and one tab per team of the user. Links, so each tab has its own address and the back
// button returns to the previous one.
export function GalleryTabs({ teams, scope, hrefOf }: { teams: TeamRefDto[]; scope: string; hrefOf: (scope: string) => string }) {
  const tabs = [{ id: "mine", name: "Mine" }, ...teams];
  return (
    <nav aria-label="Gallery tabs" className="-mb-px flex max-w-full min-w-0 gap-1 overflow-x-auto">
      {tabs.map((tab) => {
        const current = tab.id === scope;
        return (
          <Link
            key={tab.id}
            href={hrefOf(tab.id)}
            scroll={false}
            aria-current={current ? "page" : undefined}
            data-testid={`gallery-tab-${tab.id}`}
            className={`shrink-0 border-b-2 px-3 pt-1 pb-2.5 text-sm font-medium whitespace-nowrap transition-colors ${
              current
                ? "border-accent-600 text-zinc-900 dark:border-accent-400 dark:text-white"
                : "border-transparent text-muted hover:border-zinc-300 hover:text-zinc-800 dark:hover:border-zinc-700 dark:hover:text-zinc-200"
            }`}
          >
            {tab.name}
          </Link>
        );
      })}
    </nav>
  );
}
