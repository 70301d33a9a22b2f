import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { signInAction } from "@/app/(auth)/actions";
import { AuthForm } from "@/components/auth/auth-form";
import { currentUser } from "@/lib/auth/current-user";
import { signUpIsOpen, signUpPolicy } from "@/lib/auth/sign-up-policy";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  if (await currentUser()) redirect("/");
  // A fresh studio has nobody to sign in: its first visitor creates the admin account.
  if ((await signUpPolicy()).kind === "first-account") redirect("/sign-up");
  const { next } = await searchParams;
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold">Sign in</h1>
      <p className="mb-6 text-sm text-muted">Welcome back to the studio.</p>
      <AuthForm
        mode="sign-in"
        action={signInAction}
        // Checked again by the action (safeNextPath) before anyone is sent there.
        hidden={{ next: typeof next === "string" ? next : undefined }}
        fields={[
          { name: "email", label: "Email", type: "email", autoComplete: "email" },
          { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
        ]}
        footer={
          (await signUpIsOpen()) ? (
            <>
              New here?{" "}
              <Link href="/sign-up" className="font-medium text-accent-600 dark:text-accent-400 hover:underline">
                Create an account
              </Link>
            </>
          ) : (
            "New here? Ask an admin of this studio for an invite link."
          )
        }
      />
    </>
  );
}
