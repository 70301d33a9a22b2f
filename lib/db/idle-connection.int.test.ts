import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { openDatabase } from "./database";

// PostgreSQL may end a connection the pool holds idle at any time (a restart, an administrator,
// idle_session_timeout); pg-pool then emits "error" on the pool, which crashes the process unless
// someone listens. Prisma's adapter listens only while its client is connected, so the moment
// after $disconnect() (every close()) needs a listener of its own: dropping a test's database right
// after its pools are closed ends their idle connections just then. And a connection left idle is
// kept for a minute (lib/db/pool-idle), not pg's 10 s, so an idle studio does not reopen them all the time.
describe("a pooled PostgreSQL connection", () => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await createTestDb();
  });

  afterAll(() => testDb?.close());

  it("terminated while idle after the client disconnected is discarded, and the next query opens a new one", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const database = openDatabase(testDb.url);
    try {
      const backend = async () => (await database.client.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS "pid"`)[0].pid;
      const first = await backend();
      await database.client.$disconnect();

      await testDb.db.$queryRaw`SELECT pg_terminate_backend(${first}::int)`;
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining("57P01")));
      expect(String(warn.mock.calls[0][0])).not.toContain(testDb.url!);

      expect(await backend()).not.toBe(first);
    } finally {
      warn.mockRestore();
      await database.close();
    }
  });

  it("left idle longer than pg's default 10 s is kept for the next query, not closed and opened again", { timeout: 20_000 }, async () => {
    const database = openDatabase(testDb.url);
    try {
      const backend = async () => (await database.client.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS "pid"`)[0].pid;
      const first = await backend();
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(await backend()).toBe(first);
    } finally {
      await database.close();
    }
  });
});
