import Link from "next/link";

export default function Forbidden() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center">
      <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">403</p>
      <h1 className="text-2xl font-semibold">You don&apos;t have access to this page</h1>
      <p className="max-w-sm text-sm text-muted">Only a site admin can open it. Ask an admin if you need something changed.</p>
      <Link href="/" className="mt-2 text-sm font-medium text-accent-600 dark:text-accent-400 hover:underline">
        Back to the studio
      </Link>
    </main>
  );
}
