// The team rules the pages show without checking anything (a field's length, the roles and their
// labels): kept apart from the zod schemas (team-schemas.ts, which use them) so that a page showing
// them does not load zod with its first paint.

export const TEAM_NAME_MAX = 60;
export const TEAM_ROLES = ["owner", "member"] as const;

export const TEAM_ROLE_LABELS: Record<(typeof TEAM_ROLES)[number], string> = { owner: "Owner", member: "Member" };

/** How long an invitation by email waits for its answer. */
export const TEAM_INVITATION_DAYS = 14;
