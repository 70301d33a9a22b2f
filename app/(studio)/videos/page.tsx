import type { Metadata } from "next";
import { NotBuilt } from "@/components/ui/not-built";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Videos" };

export default async function Page() {
  await requirePageUser();
  return (
    <>
      <PageHeader title="Videos" />
      <NotBuilt what="The video job dashboard is not built yet." />
    </>
  );
}
