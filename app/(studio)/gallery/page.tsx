import type { Metadata } from "next";
import { NotBuilt } from "@/components/ui/not-built";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Gallery" };

export default async function Page() {
  await requirePageUser();
  return (
    <>
      <PageHeader title="Gallery" />
      <NotBuilt what="The team gallery is not built yet." />
    </>
  );
}
