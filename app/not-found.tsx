import Link from "next/link";

export default function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center">
      <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">404</p>
      <h1 className="text-2xl font-semibold">This page does not exist</h1>
      <Link href="/" className="mt-2 text-sm font-medium text-accent-600 dark:text-accent-400 hover:underline">
        Back to the studio
      </Link>
    </main>
  );
}
