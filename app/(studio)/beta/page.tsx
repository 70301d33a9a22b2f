import type { Metadata } from "next";
import { NotBuilt } from "@/components/ui/not-built";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Beta" };

export default async function Page() {
  await requirePageUser();
  return (
    <>
      <PageHeader title="Beta" />
      <NotBuilt what="The beta generator (pro/lite, layers, group sets) is not built yet." />
    </>
  );
}
