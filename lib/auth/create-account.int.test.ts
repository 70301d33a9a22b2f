import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { createAccount } from "./create-account";
import { verifyPassword } from "./password";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

describe("createAccount", () => {
  it("makes the first account admin and team owner, later ones members of the same team", async () => {
    const first = await createAccount({ name: "First", email: "first@example.com", password: "a long password" });
    const second = await createAccount({ name: "Second", email: "second@example.com", password: "a long password" });
    expect(first.role).toBe("admin");
    expect(second.role).toBe("member");
    const memberships = await testDb.db.membership.findMany({ orderBy: { createdAt: "asc" } });
    expect(memberships.map((m) => m.role)).toEqual(["owner", "member"]);
    expect(new Set(memberships.map((m) => m.teamId)).size).toBe(1);
  });

  it("stores an argon2id hash, never the password", async () => {
    const user = await testDb.db.user.findUniqueOrThrow({ where: { email: "first@example.com" } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash, "a long password")).toBe(true);
    expect(await verifyPassword(user.passwordHash, "wrong")).toBe(false);
  });

  it("refuses a second account with the same email, naming the field", async () => {
    await expect(createAccount({ name: "Again", email: "first@example.com", password: "a long password" })).rejects.toMatchObject({
      code: "conflict",
      fields: [{ field: "email", message: "An account with this email already exists" }],
    });
  });

  it("makes exactly one admin when accounts are created at the same moment", async () => {
    await testDb.db.membership.deleteMany();
    await testDb.db.user.deleteMany();
    const created = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createAccount({ name: `Racer ${i}`, email: `racer${i}@example.com`, password: "a long password" })),
    );
    expect(created.filter((user) => user.role === "admin")).toHaveLength(1);
  });
});
