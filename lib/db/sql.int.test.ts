import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/test/db";
import { isDatabaseUnavailable } from "./database-unavailable";
import { sqlOn, sqlTransaction } from "./sql";

describe("statements sent straight through pg", () => {
  let testDb: TestDb;
  const marks = () => sqlOn(testDb.pool).rows<{ name: string }>(Prisma.sql`SELECT "name" FROM "sql_test_mark" ORDER BY "name"`);

  beforeAll(async () => {
    testDb = await createTestDb();
    await testDb.db.$executeRaw`CREATE TABLE "sql_test_mark" ("name" text PRIMARY KEY)`;
  });

  afterAll(() => testDb?.close());

  it("a transaction that resolves is committed, and answers what its work answered", async () => {
    const answer = await sqlTransaction(testDb.pool, async (tx) => {
      await tx.rows(Prisma.sql`INSERT INTO "sql_test_mark" ("name") VALUES (${"kept"})`);
      return tx.rows<{ n: string }>(Prisma.sql`SELECT count(*)::text AS "n" FROM "sql_test_mark"`);
    });
    expect(answer).toEqual([{ n: "1" }]);
    expect(await marks()).toEqual([{ name: "kept" }]);
  });

  it("a transaction whose work rejects is rolled back, with the work's error, and its connection serves the next one", async () => {
    const refused = sqlTransaction(testDb.pool, async (tx) => {
      await tx.rows(Prisma.sql`INSERT INTO "sql_test_mark" ("name") VALUES (${"taken back"})`);
      await tx.rows(Prisma.sql`INSERT INTO "sql_test_mark" ("name") VALUES (${"kept"})`);
    });
    await expect(refused).rejects.toMatchObject({ code: "23505" });
    expect(await marks()).toEqual([{ name: "kept" }]);
    expect(await sqlTransaction(testDb.pool, (tx) => tx.rows(Prisma.sql`SELECT 1 AS "one"`))).toEqual([{ one: 1 }]);
  });

  it("a connection terminated between two statements fails the transaction as the database being unavailable, without crashing the process, and is not reused", async () => {
    let killed = 0;
    const failed = await sqlTransaction(testDb.pool, async (tx) => {
      [{ pid: killed }] = await tx.rows<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS "pid"`);
      await testDb.db.$executeRaw`SELECT pg_terminate_backend(${killed}::int)`;
      // The termination reaches the idle connection between the statements, as an "error" event.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.rows(Prisma.sql`INSERT INTO "sql_test_mark" ("name") VALUES (${"lost"})`);
    }).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(await marks()).toEqual([{ name: "kept" }]);
    const [{ pid }] = await sqlTransaction(testDb.pool, (tx) => tx.rows<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS "pid"`));
    expect(pid).not.toBe(killed);
  });
});
