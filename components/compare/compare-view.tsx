"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { CompareForm } from "./compare-form";
import { ComparisonGrid } from "./comparison-grid";

// /compare: the form, and below it the comparison named in the address (`?id=`), so a reload or a
// shared link shows the same grid.
export function CompareView() {
  const router = useRouter();
  const pathname = usePathname();
  const id = useSearchParams().get("id");
  return (
    <div className="space-y-8">
      <CompareForm onStarted={(started) => router.replace(`${pathname}?id=${encodeURIComponent(started)}`)} />
      {id ? <ComparisonGrid key={id} id={id} /> : null}
    </div>
  );
}
