import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { followStream, receives, within, writeJobEvent } from "@/test/job-stream-reader";
import { createTestUser } from "@/test/users";
import type { CurrentUser, SessionUser } from "@/lib/auth/current-user";
import { changePassword } from "@/lib/auth/change-password";
import { hashPassword } from "@/lib/auth/password";
import { endSession } from "@/lib/auth/sessions";
import { setUserDisabled } from "@/lib/auth/user-status";
import { jobEventStream } from "./job-stream";
import { wakeOwner } from "./owner-signal";

// An open job stream answers for its session until the stream ends, long after its request was
// authorized: it must end when the session does, whichever studio process ended it.
let testDb: TestDb;
let admin: CurrentUser;
beforeAll(async () => {
  testDb = await createTestDb();
  admin = await createTestUser(testDb.db, "admin");
});
afterAll(() => testDb.close());

/** How soon a stream must end once its session has: it checks at least once a second. */
const ENDS_WITHIN_MS = 2_000;

/** A stream of the user's session that has delivered an event, so it is known to work. */
async function openStream(user: CurrentUser) {
  const stream = followStream(await jobEventStream(user, 0n, new AbortController().signal, null));
  const first = await writeJobEvent(testDb.db, user.id);
  await receives(stream, first);
  return stream;
}

/** A second signed-in browser of the same user. */
async function anotherSession(user: SessionUser): Promise<SessionUser> {
  const session = await testDb.db.userSession.create({ data: { userId: user.id } });
  return { ...user, sessionId: session.id };
}

/** Writes an event after the session ended and wakes the streams at once: none may send it. */
async function expectEndedWithoutLaterEvents(stream: ReturnType<typeof followStream>, user: CurrentUser) {
  const later = await writeJobEvent(testDb.db, user.id);
  wakeOwner(user.id);
  const ended = await within(stream.ended, ENDS_WITHIN_MS);
  await stream.close();
  expect(ended).not.toBe("still open");
  expect(stream.ids).not.toContain(later);
}

describe("a job stream ends with its session", () => {
  it("sign-out ends the session's open stream within 2 s, and it sends nothing written afterwards", async () => {
    const user = await createTestUser(testDb.db);
    const stream = await openStream(user);
    await endSession(user.sessionId);
    await expectEndedWithoutLaterEvents(stream, user);
  });

  it("an admin disabling the account ends every stream of the user", async () => {
    const user = await createTestUser(testDb.db);
    const streams = [await openStream(user), await openStream(await anotherSession(user))];
    await setUserDisabled(admin, user.id, true);
    for (const stream of streams) await expectEndedWithoutLaterEvents(stream, user);
  });

  it("a password change ends the other sessions' streams; the session that changed it keeps its own", async () => {
    const user = await createTestUser(testDb.db);
    await testDb.db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword("the old password") } });
    const other = await openStream(await anotherSession(user));
    const own = await openStream(user);
    await changePassword(user, { currentPassword: "the old password", newPassword: "a new long password" });
    await expectEndedWithoutLaterEvents(other, user);
    const next = await writeJobEvent(testDb.db, user.id);
    await receives(own, next);
    expect(await within(own.ended, 0)).toBe("still open");
    await own.close();
  });

  it("a session revoked by another studio process (its row alone, nothing in this process's memory) ends the stream", async () => {
    const user = await createTestUser(testDb.db);
    const stream = await openStream(user);
    await testDb.db.userSession.update({ where: { id: user.sessionId }, data: { revokedAt: new Date() } });
    const ended = await within(stream.ended, ENDS_WITHIN_MS);
    await stream.close();
    expect(ended).not.toBe("still open");
  });

  it("the stream ends when the session cookie expires", async () => {
    const user = await createTestUser(testDb.db);
    const expiresAt = new Date(Date.now() + 1_000);
    const stream = followStream(await jobEventStream(user, 0n, new AbortController().signal, expiresAt));
    const ended = await within(stream.ended, ENDS_WITHIN_MS);
    await stream.close();
    expect(ended).not.toBe("still open");
    expect(ended).toBeGreaterThanOrEqual(expiresAt.getTime());
  });
});
