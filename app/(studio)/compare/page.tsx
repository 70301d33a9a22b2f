import type { Metadata } from "next";
import { Suspense } from "react";
import { CompareView } from "@/components/compare/compare-view";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Compare models" };

export default async function Page() {
  await requirePageUser();
  return (
    <>
      <PageHeader title="Compare models" description="One prompt on two to four models side by side; keep the one you like as the gallery entry." />
      <Suspense>
        <CompareView />
      </Suspense>
    </>
  );
}
