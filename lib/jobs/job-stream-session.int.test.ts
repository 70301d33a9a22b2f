import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { followStream, receives, within, writeJobEvent } from "@/test/job-stream-reader";
import { createTestUser } from "@/test/users";
import type { CurrentUser, SessionUser } from "@/lib/auth/current-user";
import { changePassword } from "@/lib/auth/change-password";
import { hashPassword } from "@/lib/auth/password";
import { endSession, revokeSessions } from "@/lib/auth/sessions";
import { setUserDisabled } from "@/lib/auth/user-status";
import { openDatabase, type Database } from "@/lib/db/database";
import { hearsOtherProcesses } from "@/lib/wakeups/process-wakeups";
import { jobEventStream } from "./job-stream";

// An open job stream answers for its session until the stream ends, long after its request was
// authorized: it must end when the session does, whichever studio process ended it. A second
// client on the same database stands for another studio process.
let testDb: TestDb;
let second: Database;
let admin: CurrentUser;
beforeAll(async () => {
  testDb = await createTestDb();
  second = openDatabase(testDb.url);
  admin = await createTestUser(testDb.db, "admin");
});
afterAll(async () => {
  await second.close();
  await testDb.close();
});

/**
 * How soon a stream must end once its session has: the revocation wakes it at once. While the
 * listener is connected a stream reads on its own only every 10 s (its slot's heartbeat), so ending
 * within this shows it was woken, not that it polled.
 */
const ENDS_WITHIN_MS = 1_000;

/** A stream of the user's session that has delivered an event, with this process's listener connected, so it is known to work. */
async function openStream(user: CurrentUser) {
  const stream = followStream(await jobEventStream(user, 0n, new AbortController().signal, null));
  await vi.waitFor(() => expect(hearsOtherProcesses()).toBe(true), { timeout: 5_000 });
  const first = await writeJobEvent(testDb.db, user.id);
  await receives(stream, first);
  return stream;
}

/** A second signed-in browser of the same user. */
async function anotherSession(user: SessionUser): Promise<SessionUser> {
  const session = await testDb.db.userSession.create({ data: { userId: user.id } });
  return { ...user, sessionId: session.id };
}

/**
 * Writes an event after the session ended, unannounced: the streams are woken by the revocation
 * alone, must end, and may not send it even if they read after it was written.
 */
async function expectEndedWithoutLaterEvents(stream: ReturnType<typeof followStream>, user: CurrentUser) {
  const later = await writeJobEvent(testDb.db, user.id, { notify: false });
  const ended = await within(stream.ended, ENDS_WITHIN_MS);
  await stream.close();
  expect(ended).not.toBe("still open");
  expect(stream.ids).not.toContain(later);
}

describe("a job stream ends with its session", () => {
  it("sign-out ends the session's open stream within 1 s, and it sends nothing written afterwards", async () => {
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

  it("a session revoked by another studio process (nothing in this process's memory) ends the stream within 1 s", async () => {
    const user = await createTestUser(testDb.db);
    const stream = await openStream(user);
    await second.client.$transaction((tx) => revokeSessions(tx, { id: user.sessionId }));
    const ended = await within(stream.ended, ENDS_WITHIN_MS);
    await stream.close();
    expect(ended).not.toBe("still open");
  });

  it("the stream ends when the session cookie expires", async () => {
    const user = await createTestUser(testDb.db);
    const expiresAt = new Date(Date.now() + 1_000);
    const stream = followStream(await jobEventStream(user, 0n, new AbortController().signal, expiresAt));
    const ended = await within(stream.ended, 2_000);
    await stream.close();
    expect(ended).not.toBe("still open");
    expect(ended).toBeGreaterThanOrEqual(expiresAt.getTime());
  });
});
