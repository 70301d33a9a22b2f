"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { CompareForm } from "./compare-form";
import type { ComparisonSummaryDto } from "@/lib/comparisons/comparison-dto";
import { ComparisonGrid } from "./comparison-grid";
import { PastComparisons } from "./past-comparisons";

// /compare: the form, below it the comparison named in the address (`?id=`), so a reload or a
// shared link shows the same grid, and the designer's earlier comparisons.
export function CompareView({ recent }: { recent: ComparisonSummaryDto[] }) {
  const router = useRouter();
  const pathname = usePathname();
  const id = useSearchParams().get("id");
  return (
    <div className="space-y-8">
      <CompareForm onStarted={(started) => router.replace(`${pathname}?id=${encodeURIComponent(started)}`)} />
      {id ? <ComparisonGrid key={id} id={id} /> : null}
      <PastComparisons comparisons={recent} currentId={id} />
    </div>
  );
}
