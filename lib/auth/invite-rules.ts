// The invite link form's limits, shown by the admin's and a team's form without checking anything:
// kept apart from the zod schemas (schemas.ts, which use them) so that those pages do not load zod
// with their first paint.

export const INVITE_DEFAULT_DAYS = 7;
export const INVITE_MAX_DAYS = 30;
export const INVITE_NOTE_MAX_CHARS = 120;
