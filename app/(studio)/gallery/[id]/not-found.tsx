import Link from "next/link";
import { Card } from "@/components/ui/card";

// A missing entry and one the user may not see look the same.
export default function NotFound() {
  return (
    <Card className="flex flex-col items-center gap-2 border-dashed px-6 py-16 text-center" data-testid="gallery-not-found">
      <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">404</p>
      <p className="text-lg font-semibold">No such item</p>
      <p className="max-w-md text-sm text-muted">It may have been deleted or made private, or the link is wrong.</p>
      <Link href="/gallery" className="mt-2 text-sm font-medium text-accent-600 dark:text-accent-400 hover:underline">
        Back to the gallery
      </Link>
    </Card>
  );
}
