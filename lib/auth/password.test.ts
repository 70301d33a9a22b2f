import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPasswordWithEqualWork } from "./password";

const parameters = (passwordHash: string) => passwordHash.split("$").slice(1, 4).join("$");

describe("equal work for unknown emails", () => {
  it("the dummy hash has the same algorithm and cost as a fresh password hash", async () => {
    expect(parameters(DUMMY_PASSWORD_HASH)).toBe(parameters(await hashPassword("any password at all")));
  });

  it("never accepts a password when there is no account hash", async () => {
    expect(await verifyPasswordWithEqualWork(undefined, "the studio dummy password, never a real one")).toBe(false);
    expect(await verifyPasswordWithEqualWork(undefined, "")).toBe(false);
  });

  it("checks a real hash as usual", async () => {
    const passwordHash = await hashPassword("a long password");
    expect(await verifyPasswordWithEqualWork(passwordHash, "a long password")).toBe(true);
    expect(await verifyPasswordWithEqualWork(passwordHash, "wrong password")).toBe(false);
  });
});
