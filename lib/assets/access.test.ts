import { describe, expect, it } from "vitest";
import type { CurrentUser } from "@/lib/auth/current-user";
import { canViewAsset } from "./access";
import { visibilityTable, type ViewerRole } from "./test-support";

const user = (id: string, teamIds: string[], role: CurrentUser["role"] = "member"): CurrentUser => ({ id, email: `${id}@test.local`, name: id, role, teamIds, sessionId: `session-${id}` });

const viewers: Record<ViewerRole, CurrentUser> = {
  owner: user("owner", ["team-a"]),
  teammate: user("teammate", ["team-a"]),
  "other team's member": user("other", ["team-b"]),
  "stranger with no team": user("stranger", []),
  "site admin of another team": user("admin", ["team-b"], "admin"),
};

describe("issue 7 finding 6: results are team-visible by default — canViewAsset follows visibility exactly", () => {
  const cases = visibilityTable.flatMap((row) => (["private", "team"] as const).map((visibility) => ({ ...row, visibility, expected: row[visibility] })));

  it.each(cases)("$viewer, $visibility item → $expected", ({ viewer, visibility, expected }) => {
    expect(canViewAsset(viewers[viewer], { ownerId: "owner", teamId: "team-a", visibility })).toBe(expected);
  });

  it("a team item without a team is its owner's only", () => {
    expect(canViewAsset(viewers.teammate, { ownerId: "owner", teamId: null, visibility: "team" })).toBe(false);
    expect(canViewAsset(viewers.owner, { ownerId: "owner", teamId: null, visibility: "team" })).toBe(true);
  });

  it("a site admin sees their own private items and nobody else's", () => {
    expect(canViewAsset(viewers["site admin of another team"], { ownerId: "admin", teamId: "team-b", visibility: "private" })).toBe(true);
    expect(canViewAsset(viewers["site admin of another team"], { ownerId: "owner", teamId: "team-a", visibility: "private" })).toBe(false);
  });
});
