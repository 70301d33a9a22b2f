import type { Metadata } from "next";
import { CompareView } from "@/components/compare/compare-view";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";
import { listComparisons } from "@/lib/comparisons/list-comparisons";

export const metadata: Metadata = { title: "Compare models" };

export default async function Page() {
  const user = await requirePageUser();
  const recent = await listComparisons(user);
  return (
    <>
      <PageHeader title="Compare models" description="One prompt on two to four models side by side; keep the one you like as the gallery entry." />
      <CompareView recent={recent} />
    </>
  );
}
