import Link from "next/link";

/** The way back up from a page to the one it belongs to, shown in its header's actions. */
export function BackLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link href={href} className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-400">
      ← {children}
    </Link>
  );
}
