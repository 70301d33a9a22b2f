import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test/db";
import { hashPassword } from "./password";
import { authenticate, PAST_CEILING_DELAY_MS, SIGN_IN_LIMITS } from "./sign-in";

let testDb: TestDb;
let passwordHash: string;
beforeAll(async () => {
  testDb = await createTestDb();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => testDb?.close());
beforeEach(async () => {
  await testDb.db.rateLimit.deleteMany();
  await testDb.db.user.deleteMany();
});

const PASSWORD = "a long password";
const ADDRESS = "198.51.100.7";
const OWNER_ADDRESS = "192.0.2.10";
const perAccountAddress = SIGN_IN_LIMITS.perAccountAddress.limit;
const perAccount = SIGN_IN_LIMITS.perAccount.limit;
const perAddress = SIGN_IN_LIMITS.perAddress.limit;

async function account(email: string, extra: { disabledAt?: Date } = {}) {
  return testDb.db.user.create({ data: { email, name: email.split("@")[0], passwordHash, ...extra } });
}

const signIn = (email: string, password: string, address: string | undefined = ADDRESS) => authenticate({ email, password }, address);

describe("sign-in throttling", () => {
  it("refuses the guessing address at an account, saying how long to wait", async () => {
    await account("ann@example.com");
    for (let i = 0; i < perAccountAddress; i++) expect(await signIn("ann@example.com", `wrong ${i}`)).toEqual({ ok: false, reason: "invalid" });
    const refused = await signIn("ann@example.com", PASSWORD);
    expect(refused).toMatchObject({ ok: false, reason: "throttled" });
    expect(refused.ok === false && refused.reason === "throttled" && refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
  });

  it("an attacker failing many times from one address does not lock the owner out from another", async () => {
    await account("bea@example.com");
    for (let i = 0; i < perAccount * 3; i++) await signIn("bea@example.com", `guess ${i}`, ADDRESS);
    expect(await signIn("bea@example.com", PASSWORD, ADDRESS)).toMatchObject({ reason: "throttled" });
    expect(await signIn("bea@example.com", PASSWORD, OWNER_ADDRESS)).toMatchObject({ ok: true, user: { email: "bea@example.com" } });
  });

  it("past the account's ceiling (guesses from many addresses) new addresses are refused; the owner's known address gets in, slowed", async () => {
    await account("bob@example.com");
    expect(await signIn("bob@example.com", PASSWORD, OWNER_ADDRESS)).toMatchObject({ ok: true });
    for (let i = 0; i < perAccount; i++) expect(await signIn("bob@example.com", "wrong", `203.0.113.${i + 1}`)).toMatchObject({ reason: "invalid" });
    expect(await signIn("bob@example.com", PASSWORD, "198.51.100.200")).toMatchObject({ reason: "throttled" });

    const started = Date.now();
    expect(await signIn("bob@example.com", PASSWORD, OWNER_ADDRESS)).toMatchObject({ ok: true, user: { email: "bob@example.com" } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(PAST_CEILING_DELAY_MS - 50);
    // The owner's sign-in hands the guessers no fresh allowance.
    expect(await signIn("bob@example.com", PASSWORD, "198.51.100.201")).toMatchObject({ reason: "throttled" });
  });

  it("remembers the addresses an account signed in from, and only after a right password", async () => {
    const cid = await account("cid@example.com");
    await signIn("cid@example.com", "wrong", "203.0.113.50");
    await signIn("cid@example.com", PASSWORD, OWNER_ADDRESS);
    expect(await testDb.db.signInAddress.findMany({ select: { userId: true, address: true } })).toEqual([{ userId: cid.id, address: OWNER_ADDRESS }]);
  });

  it("a successful sign-in clears its address's count at the account", async () => {
    await account("cai@example.com");
    for (let i = 0; i < perAccountAddress - 1; i++) await signIn("cai@example.com", "wrong");
    expect(await signIn("cai@example.com", PASSWORD)).toMatchObject({ ok: true });
    for (let i = 0; i < perAccountAddress - 1; i++) expect(await signIn("cai@example.com", "wrong")).toMatchObject({ reason: "invalid" });
    expect(await signIn("cai@example.com", PASSWORD)).toMatchObject({ ok: true, user: { email: "cai@example.com" } });
  });

  it("normalises the email, so case and spaces do not make new accounts to guess at", async () => {
    await account("dee@example.com");
    for (let i = 0; i < perAccountAddress; i++) await signIn(i % 2 ? " DEE@example.com " : "Dee@Example.com", "wrong");
    expect(await signIn("dee@example.com", PASSWORD)).toMatchObject({ reason: "throttled" });
  });

  it("limits failures per address over all accounts (one password sprayed over many emails)", async () => {
    await account("eve@example.com");
    for (let i = 0; i < perAddress; i++) expect(await signIn(`spray${i}@example.com`, "Winter2026!")).toMatchObject({ reason: "invalid" });
    expect(await signIn("eve@example.com", PASSWORD)).toMatchObject({ reason: "throttled" });
    expect(await signIn("eve@example.com", PASSWORD, "192.0.2.99")).toMatchObject({ ok: true });
  });

  it("successful sign-ins do not count against the address", async () => {
    await account("fay@example.com");
    for (let i = 0; i < perAddress + 3; i++) expect(await signIn("fay@example.com", PASSWORD)).toMatchObject({ ok: true });
    expect(await testDb.db.rateLimit.findMany({ where: { count: { gt: 0 } } })).toEqual([]);
  });

  it("a burst of parallel guesses from many addresses gets exactly the account's ceiling checked, not one per request", async () => {
    await account("gil@example.com");
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn("gil@example.com", `guess ${i}`, `203.0.113.${i + 1}`)));
    expect(results.filter((result) => !result.ok && result.reason === "invalid")).toHaveLength(perAccount);
    expect(results.filter((result) => !result.ok && result.reason === "throttled")).toHaveLength(30 - perAccount);
  });

  it("gives unknown emails, a disabled account's wrong password and wrong passwords the same answer", async () => {
    await account("hal@example.com");
    await account("ida@example.com", { disabledAt: new Date() });
    const answers = [await signIn("hal@example.com", "wrong"), await signIn("nobody@example.com", PASSWORD), await signIn("ida@example.com", "wrong")];
    expect(answers).toEqual([
      { ok: false, reason: "invalid" },
      { ok: false, reason: "invalid" },
      { ok: false, reason: "invalid" },
    ]);
  });

  it("tells the holder of a disabled account's right password that it is disabled, and does not sign them in", async () => {
    await account("jo@example.com", { disabledAt: new Date() });
    expect(await signIn("jo@example.com", PASSWORD)).toEqual({ ok: false, reason: "disabled" });
  });
});
