import { describe, expect, it } from "vitest";
import type { TeamSummaryDto } from "@/lib/teams/team-dto";
import { teamChoiceLabel, teamContext } from "./team-context";

const team = (id: string, name: string, extra: Partial<TeamSummaryDto> = {}): TeamSummaryDto => ({
  id,
  name,
  role: "member",
  memberCount: 4,
  createdAt: "2026-01-01T00:00:00.000Z",
  joinedAt: "2026-01-05T10:00:00.000Z",
  owner: { name: "Ada", email: "ada@example.com" },
  ...extra,
});

describe("team labels in pickers", () => {
  const real = team("a", "Studio");
  const lookalike = team("b", "studio", { role: "owner", memberCount: 2, joinedAt: "2026-11-20T09:00:00.000Z", owner: { name: "Mallory", email: "mallory@example.com" } });
  const other = team("c", "Posters", { owner: null, role: "owner", memberCount: 1 });

  it("says who owns the team, how big it is and when the user joined", () => {
    expect(teamContext(real)).toBe("Owner Ada (ada@example.com) · 4 members · joined Jan 5, 2026");
    expect(teamContext(other)).toBe("You own it · 1 member · joined Jan 5, 2026");
  });

  it("tells two teams of the same name (whatever their case) apart, and leaves a unique name alone", () => {
    const teams = [real, lookalike, other];
    expect(teamChoiceLabel(real, teams)).toBe("Studio — Owner Ada (ada@example.com) · 4 members · joined Jan 5, 2026");
    expect(teamChoiceLabel(lookalike, teams)).toBe("studio — Owner Mallory (mallory@example.com) · 2 members · joined Nov 20, 2026");
    expect(teamChoiceLabel(other, teams)).toBe("Posters");
  });
});
