import type { Metadata } from "next";
import { BetaStudio } from "@/components/beta/beta-studio";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Beta" };

export default async function Page() {
  await requirePageUser();
  return (
    <>
      <PageHeader title="Beta" description="Pro and Lite: reference sets of up to 14 images, groups of related images, and layer decomposition into editable layers." />
      <BetaStudio />
    </>
  );
}
