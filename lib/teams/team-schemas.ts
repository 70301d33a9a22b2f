// The bodies of the team routes: one set of zod schemas for the team
// pages and the route handlers. Browser-safe. Strict objects: a body carrying anything else (an
// `ownerId`, a `teamId`, a `role` where none is asked for) is refused, naming the field, so no
// request can set what the server decides.
import { z } from "zod";
import { emailSchema, inviteTokenSchema } from "@/lib/auth/schemas";
import { safeText } from "@/lib/validation/text";
import { TEAM_NAME_MAX, TEAM_ROLES } from "./team-rules";

/** `{ error }` for a strict body: names the keys that are not part of it. */
function onlyFields(fields: string) {
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys" && issue.keys
      ? `The body must be { ${fields} } and nothing else: ${issue.keys.join(", ")} cannot be sent here`
      : `The body must be { ${fields} } and nothing else`;
}

export const teamNameSchema = safeText("Name")
  .trim()
  .min(1, "Name is required")
  .max(TEAM_NAME_MAX, `Name must be at most ${TEAM_NAME_MAX} characters`);

/** POST /api/teams and PATCH /api/teams/[id]. */
export const teamNameBodySchema = z.strictObject({ name: teamNameSchema }, { error: onlyFields("name") });
export type TeamNameValues = z.infer<typeof teamNameBodySchema>;

const teamRoleSchema = z.enum(TEAM_ROLES, { error: `Role must be one of ${TEAM_ROLES.join(", ")}` });

/** POST /api/teams/[id]/invitations: an email, and the role offered with the invitation. */
export const teamInvitationSchema = z.strictObject({ email: emailSchema, role: teamRoleSchema.default("member") }, { error: onlyFields("email, role") });
export type TeamInvitationValues = z.infer<typeof teamInvitationSchema>;

/** PATCH /api/teams/[id]/members/[userId]. */
export const memberRoleSchema = z.strictObject({ role: teamRoleSchema }, { error: onlyFields("role") });
export type MemberRoleValues = z.infer<typeof memberRoleSchema>;

/** POST /api/teams/join: the code of a team invite link. */
export const joinTeamSchema = z.strictObject({ token: inviteTokenSchema }, { error: onlyFields("token") });

/** PUT /api/me/active-team. */
export const activeTeamSchema = z.strictObject(
  { teamId: z.uuid("teamId must be the id of one of your teams") },
  { error: onlyFields("teamId") },
);
