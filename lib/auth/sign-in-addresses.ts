import "server-only";
import { db } from "@/lib/db/client";

// The addresses an account signed in from with its password. They are what tells the owner apart
// from someone guessing: while guesses from many addresses hold an account past its limit, an
// address the account used before is slowed down, never refused (lib/auth/sign-in).

/** Whether the account with `email` has signed in from `address` before. */
export async function isKnownSignInAddress(email: string, address: string): Promise<boolean> {
  const row = await db.signInAddress.findFirst({ where: { address, user: { email } }, select: { address: true } });
  return row !== null;
}

export async function rememberSignInAddress(userId: string, address: string): Promise<void> {
  const now = new Date();
  await db.signInAddress.upsert({
    where: { userId_address: { userId, address } },
    create: { userId, address, lastSignInAt: now },
    update: { lastSignInAt: now },
  });
}
