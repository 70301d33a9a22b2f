import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "@/lib/auth/schemas";
import { SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS } from "./share-link-rules";
import { createShareLinkSchema, shareTokenSchema } from "./share-link-schemas";

describe("public share link schemas", () => {
  it("takes 1 to 30 whole days, defaulting when left out, and nothing else", () => {
    expect(createShareLinkSchema.parse({})).toEqual({ expiresInDays: SHARE_LINK_DEFAULT_DAYS });
    expect(createShareLinkSchema.parse({ expiresInDays: SHARE_LINK_MAX_DAYS })).toEqual({ expiresInDays: 30 });
    for (const body of [{ expiresInDays: 0 }, { expiresInDays: 31 }, { expiresInDays: 1.5 }, { expiresInDays: "7" }, { expiresInDays: 7, itemId: "x" }]) {
      expect(createShareLinkSchema.safeParse(body).success).toBe(false);
    }
  });

  it("accepts only tokens shaped like 32 base64url bytes", () => {
    expect(shareTokenSchema.safeParse("A".repeat(43)).success).toBe(true);
    for (const token of ["A".repeat(42), `${"A".repeat(42)}=`, `${"A".repeat(42)}/`]) expect(shareTokenSchema.safeParse(token).success).toBe(false);
  });

  it("the admin's settings change takes either switch, but at least one", () => {
    expect(siteSettingsSchema.parse({ publicShareLinks: true })).toEqual({ publicShareLinks: true });
    expect(siteSettingsSchema.parse({ openSignUp: false })).toEqual({ openSignUp: false });
    expect(siteSettingsSchema.safeParse({}).success).toBe(false);
    expect(siteSettingsSchema.safeParse({ publicShareLinks: "yes" }).success).toBe(false);
  });
});
