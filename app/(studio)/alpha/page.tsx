import type { Metadata } from "next";
import { NotBuilt } from "@/components/ui/not-built";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Alpha v3" };

export default async function Page() {
  await requirePageUser();
  return (
    <>
      <PageHeader title="Alpha v3" />
      <NotBuilt what="The alpha v3 generator is being built. Nothing here generates images yet." />
    </>
  );
}
