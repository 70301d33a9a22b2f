import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { signUpAction } from "@/app/(auth)/actions";
import { AuthForm } from "@/components/auth/auth-form";
import { currentUser } from "@/lib/auth/current-user";
import { INVITE_PROBLEMS, OPEN_SIGN_UP_NO_TEAM, SIGN_UP_BY_INVITATION, TEAM_INVITE_NEEDS_ACCOUNT } from "@/lib/auth/messages";
import { signUpPolicy } from "@/lib/auth/sign-up-policy";

export const metadata: Metadata = { title: "Create account" };

const signUpFields = [
  { name: "name", label: "Name", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password", hint: "At least 10 characters." },
];

const signInLink = (
  <>
    Already have an account?{" "}
    <Link href="/sign-in" className="font-medium text-accent-600 dark:text-accent-400 hover:underline">
      Sign in
    </Link>
  </>
);

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ invite?: string | string[] }> }) {
  if (await currentUser()) redirect("/");
  const { invite } = await searchParams;
  const policy = await signUpPolicy(typeof invite === "string" ? invite : Array.isArray(invite) ? invite[0] : undefined);

  if (policy.kind === "team-invite-needs-account") {
    const join = `/join?invite=${encodeURIComponent(policy.invite)}`;
    return (
      <>
        <h1 className="mb-3 text-xl font-semibold">Join {policy.teamName}</h1>
        <p className="mb-6 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">{TEAM_INVITE_NEEDS_ACCOUNT}</p>
        <Link
          href={`/sign-in?next=${encodeURIComponent(join)}`}
          className="flex h-10 items-center justify-center rounded-lg bg-accent-600 text-sm font-medium text-white hover:bg-accent-700"
        >
          Sign in to join
        </Link>
      </>
    );
  }

  if (policy.kind === "closed" || policy.kind === "invite-problem") {
    return (
      <>
        <h1 className="mb-3 text-xl font-semibold">{policy.kind === "closed" ? "Create your account" : "This invite link cannot be used"}</h1>
        <p role={policy.kind === "closed" ? undefined : "alert"} className="mb-6 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">
          {policy.kind === "closed" ? SIGN_UP_BY_INVITATION : INVITE_PROBLEMS[policy.problem]}
        </p>
        <p className="text-center text-sm text-muted">{signInLink}</p>
      </>
    );
  }

  return (
    <>
      <h1 className="mb-1 text-xl font-semibold">{policy.kind === "invite" ? `Join ${policy.teamName}` : "Create your account"}</h1>
      <p className="mb-6 text-sm text-muted">
        {policy.kind === "first-account"
          ? "This is the studio's first account: it becomes the site admin."
          : policy.kind === "invite"
            ? `You were invited to the team ${policy.teamName}. The invite works once, until ${policy.expiresAt.toLocaleDateString("en", { day: "numeric", month: "long", year: "numeric" })}.`
            : OPEN_SIGN_UP_NO_TEAM}
      </p>
      <AuthForm
        mode="sign-up"
        action={signUpAction}
        hidden={{ invite: policy.kind === "invite" ? policy.invite : undefined }}
        fields={signUpFields}
        footer={signInLink}
      />
    </>
  );
}
