import type { Metadata } from "next";
import { AlphaV3Studio } from "@/components/alpha/alpha-v3-studio";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Alpha v3" };

export default async function Page() {
  await requirePageUser();
  return (
    <>
      <PageHeader title="Alpha v3" description="Text to image with presets, up to three reference images and optional prompt rewriting." />
      <AlphaV3Studio />
    </>
  );
}
