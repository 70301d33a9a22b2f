import Link from "next/link";
import { navItems } from "@/components/shell/nav-items";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export default async function HomePage() {
  const user = await requirePageUser();
  const sections = navItems.filter((item) => user.role === "admin" || !item.adminOnly);
  return (
    <>
      <PageHeader title={`Hello, ${user.name}`} description="Pick up where the team left off." />
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
