import type { Metadata } from "next";
import { NotBuilt } from "@/components/ui/not-built";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Chat editor" };

export default async function Page() {
  await requirePageUser();
  return (
    <>
      <PageHeader title="Chat editor" />
      <NotBuilt what="The chat-style alpha v3.5 editor is being built. Nothing here generates images yet." />
    </>
  );
}
