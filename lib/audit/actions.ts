// Every kind of audit entry, with the words the audit pages show for it. Shared by the server (which
// writes and filters entries) and the browser (which labels them and offers them as filters).

/** Groups of actions, for the filter and the table's first glance. */
export const AUDIT_CATEGORIES = {
  users: "Users",
  invites: "Invites",
  teams: "Teams",
  settings: "Site settings",
  storage: "Storage quotas",
  budgets: "Prices and budgets",
  sharing: "Sharing",
  deletions: "Deletions",
  tokens: "Access tokens",
  video: "Video service",
} as const;

export type AuditCategory = keyof typeof AUDIT_CATEGORIES;

export const AUDIT_ACTIONS = {
  "user.disabled": { category: "users", label: "Disabled a user" },
  "user.enabled": { category: "users", label: "Enabled a user" },
  "user.password_changed": { category: "users", label: "Changed their password" },
  "invite.created": { category: "invites", label: "Created an invite" },
  "invite.revoked": { category: "invites", label: "Revoked an invite" },
  "team.created": { category: "teams", label: "Created a team" },
  "team.renamed": { category: "teams", label: "Renamed a team" },
  "team.deleted": { category: "teams", label: "Deleted a team" },
  "team.member_removed": { category: "teams", label: "Removed a team member" },
  "team.role_changed": { category: "teams", label: "Changed a member's role" },
  "team.invite_created": { category: "teams", label: "Created a team invite link" },
  "team.invitation_sent": { category: "teams", label: "Sent a team invitation" },
  "team.invitation_withdrawn": { category: "teams", label: "Withdrew a team invitation" },
  "team.invitation_declined": { category: "teams", label: "Declined a team invitation" },
  "team.joined": { category: "teams", label: "Joined a team" },
  "team.left": { category: "teams", label: "Left a team" },
  "settings.open_sign_up": { category: "settings", label: "Switched open sign-up" },
  "settings.team_invites_create_accounts": { category: "settings", label: "Switched team invites creating accounts" },
  "settings.public_share_links": { category: "settings", label: "Switched public share links" },
  "settings.access_tokens": { category: "settings", label: "Switched personal access tokens" },
  "settings.access_tokens_without_expiry": { category: "settings", label: "Switched tokens without expiry" },
  "settings.storage_quotas": { category: "settings", label: "Changed default storage quotas" },
  "settings.queued_job_caps": { category: "settings", label: "Changed the caps on queued jobs" },
  "storage_quota.user_set": { category: "storage", label: "Set a user's storage quota" },
  "storage_quota.team_set": { category: "storage", label: "Set a team's storage quota" },
  "budget.price_set": { category: "budgets", label: "Set a model's prices" },
  "budget.currency_set": { category: "budgets", label: "Set the studio's currency" },
  "budget.set": { category: "budgets", label: "Set a budget" },
  "budget.deleted": { category: "budgets", label: "Removed a budget" },
  "gallery.shared": { category: "sharing", label: "Shared a gallery item with a team" },
  "gallery.unshared": { category: "sharing", label: "Stopped sharing a gallery item" },
  "share_link.created": { category: "sharing", label: "Made a public link" },
  "share_link.revoked": { category: "sharing", label: "Revoked a public link" },
  "gallery.deleted": { category: "deletions", label: "Deleted a gallery item" },
  "video.deleted": { category: "deletions", label: "Deleted a video job" },
  "conversation.deleted": { category: "deletions", label: "Deleted a conversation" },
  "access_token.created": { category: "tokens", label: "Created an access token" },
  "access_token.revoked": { category: "tokens", label: "Revoked an access token" },
  "video.partition_switch": { category: "video", label: "Switched the video partition" },
  "video.inference_run": { category: "video", label: "Ran an inference diagnostic" },
} as const satisfies Record<string, { category: AuditCategory; label: string }>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const AUDIT_CATEGORY_NAMES = Object.keys(AUDIT_CATEGORIES) as [AuditCategory, ...AuditCategory[]];

/** The actions of one category. */
export function actionsIn(category: AuditCategory): AuditAction[] {
  return AUDIT_ACTION_NAMES.filter((action) => AUDIT_ACTIONS[action].category === category);
}

/** The words for an action; an action no longer defined (an old entry) shows as its stored name. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, { label: string }>)[action]?.label ?? action;
}
