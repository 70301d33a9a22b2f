import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { signUpAction } from "@/app/(auth)/actions";
import { AuthForm } from "@/components/auth/auth-form";
import { currentUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Create account" };

export default async function SignUpPage() {
  if (await currentUser()) redirect("/");
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold">Create your account</h1>
      <p className="mb-6 text-sm text-zinc-500">The first account becomes the studio&apos;s admin.</p>
      <AuthForm
        mode="sign-up"
        action={signUpAction}
        fields={[
          { name: "name", label: "Name", type: "text", autoComplete: "name" },
          { name: "email", label: "Email", type: "email", autoComplete: "email" },
          { name: "password", label: "Password", type: "password", autoComplete: "new-password", hint: "At least 10 characters." },
        ]}
      />
    </>
  );
}
