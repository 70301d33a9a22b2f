// How a failure reads in the studio's pages, one wording per code (lib/errors ErrorCode and
// BrowserErrorCode) wherever it shows: the alpha page's alert and result cards, the chat's failed
// turns and its banner. The sentence under the title is the failure's own (the server's, which says
// what happened and what to do); the advice here stands in when a failure came without one.
import type { BrowserErrorCode, ErrorCode } from "@/lib/errors";
import { STORAGE_QUOTA_ADVICE } from "@/lib/storage-quota/quota-advice";

type ErrorCopy = {
  /** A few words naming what happened. */
  title: string;
  /** What the designer can do about it. */
  advice: string;
  /** Worth a second try without changing anything (spec 7.1: 429 and 500 say "retry"). */
  retryable: boolean;
};

/**
 * Codes found only in stored failures: a turn its sender cancelled, work cut off by a restart
 * (lib/jobs), and the failed frame's own code (spec 2.2, 7.1), of which `content_filter` is
 * the one the studio knows.
 */
type StoredCode = "cancelled" | "interrupted" | "content_filter";

const contentSafety: ErrorCopy = { title: "Blocked by content safety", advice: "Adjust the prompt or image and try again.", retryable: false };
const stopped: ErrorCopy = { title: "Cancelled", advice: "Nothing was made. Send it again whenever you like.", retryable: false };

const copy: Record<ErrorCode | BrowserErrorCode | StoredCode, ErrorCopy> = {
  // The studio's own refusals (lib/errors).
  unauthorized: { title: "You are signed out", advice: "Sign in again, then try once more.", retryable: false },
  forbidden: { title: "Not allowed", advice: "This account may not do this; ask an admin if it should.", retryable: false },
  cross_origin_refused: { title: "Refused: sent from another site", advice: "Open the studio at its own address and try again.", retryable: false },
  // A script's personal access token (lib/access-tokens); pages never send one.
  token_invalid: { title: "Not a token of this studio", advice: "Copy the whole token, or make a new one on your account page.", retryable: false },
  token_expired: { title: "The token has expired", advice: "Make a new token on your account page.", retryable: false },
  token_revoked: { title: "The token was revoked", advice: "Make a new token on your account page.", retryable: false },
  token_owner_disabled: { title: "The token's account is disabled", advice: "Ask an admin of this studio to enable the account.", retryable: false },
  tokens_disabled: { title: "Tokens are turned off", advice: "Ask an admin of this studio to turn personal access tokens on.", retryable: false },
  token_not_accepted: { title: "Not possible with a token", advice: "Do this in the studio, signed in.", retryable: false },
  token_scope_missing: { title: "The token lacks a scope", advice: "Make a token with the scope the answer names.", retryable: false },
  not_found: { title: "No longer there", advice: "It may have been deleted. Reload the page.", retryable: false },
  validation_failed: { title: "Some settings need a change", advice: "Check the settings marked in the form and try again.", retryable: false },
  conflict: { title: "Changed in the meantime", advice: "Reload the page and try again.", retryable: false },
  cannot_cancel: { title: "Cannot be cancelled now", advice: "A video that is generating runs to its end; delete it once it has finished.", retryable: false },
  partition_unusable: {
    title: "The video service is not ready for this task",
    advice: "Wait until an administrator has switched the video service to the mode this task needs.",
    retryable: true,
  },
  length_required: { title: "The request was incomplete", advice: "Reload the page and try again.", retryable: false },
  payload_too_large: { title: "Too large", advice: "Use a smaller file or fewer images.", retryable: false },
  storage_quota_exceeded: { title: "Storage quota reached", advice: STORAGE_QUOTA_ADVICE, retryable: false },
  unsupported_media_type: { title: "Unsupported file type", advice: "Use one of the formats the form names.", retryable: false },
  range_not_satisfiable: { title: "Part of the file is not available", advice: "Download the whole file again.", retryable: false },
  // Shared by the studio's running limit and a busy image service: either way, too many requests now.
  rate_limited: { title: "Too many requests right now", advice: "Wait a moment, then try again.", retryable: true },
  too_many_job_streams: {
    title: "Too many studio windows are following jobs",
    advice: "Close a studio tab or window you no longer use; this one updates itself meanwhile.",
    retryable: true,
  },
  budget_exceeded: { title: "Budget reached", advice: "Wait until the budget resets, or ask a site admin to raise it.", retryable: false },
  upstream_failed: { title: "The image service failed", advice: "Try again later.", retryable: true },
  storage_failed: { title: "The studio's storage is full", advice: "Ask an administrator to free or add storage, then try again.", retryable: false },
  storage_unavailable: { title: "The studio's storage is not answering for the moment", advice: "Try again in a minute; if it persists, tell an administrator.", retryable: true },
  database_unavailable: { title: "The studio's database is unreachable for the moment", advice: "Try again in a few seconds; it is usually a restart.", retryable: true },
  // The image service's failures (spec 7.1, lib/upstream/errors).
  bad_request: { title: "The image service refused a setting", advice: "Change the setting it names and try again.", retryable: false },
  auth: { title: "The studio's service key was refused", advice: "This is a server setting: contact your administrator.", retryable: false },
  // Spec 7.2 CreditInsufficient, ModelUnavailable, Forbidden: the studio's account, not the designer's doing.
  account: {
    title: "The image service account needs an administrator",
    advice: "This is not something you can fix: ask your administrator to check the studio's image service account.",
    retryable: false,
  },
  blocked: contentSafety,
  server: {
    title: "The image service had an internal error",
    advice: "Try again later; if it keeps failing, contact support and quote the request id.",
    retryable: true,
  },
  timeout: { title: "The image service took too long", advice: "Try again.", retryable: true },
  network: { title: "The studio could not reach the image service", advice: "Try again shortly.", retryable: true },
  upstream_unreachable: { title: "The image service is unreachable", advice: "Run it again once the service is back; the studio shows when it returns.", retryable: true },
  invalid_response: { title: "The image service sent an unreadable answer", advice: "Try again.", retryable: true },
  aborted: stopped,
  internal_error: { title: "Something went wrong in the studio", advice: "Try again; if it keeps failing, tell your administrator the request id.", retryable: true },
  // Noticed by the browser alone.
  offline: { title: "The studio is unreachable", advice: "Check your connection and try again.", retryable: true },
  stream_ended: { title: "The connection closed early", advice: "Reload to see whether the image was made.", retryable: true },
  busy: { title: "Still generating", advice: "Wait for the running request or cancel it.", retryable: false },
  unexpected_answer: { title: "The studio sent an unexpected answer", advice: "Reload the page and try again.", retryable: true },
  // Stored failures.
  cancelled: stopped,
  interrupted: { title: "Interrupted by a restart", advice: "The studio restarted before this finished; run it again.", retryable: true },
  content_filter: contentSafety,
};

// A Map, not the object: a stored code may be the upstream's own word, and "constructor" must not
// find Object.prototype's members.
const byCode = new Map<string, ErrorCopy>(Object.entries(copy));

const unknown: ErrorCopy = { title: "Generation failed", advice: "Try again; if it keeps failing, tell your administrator.", retryable: false };

function errorCopy(code: string | null | undefined): ErrorCopy {
  return (code && byCode.get(code)) || unknown;
}

/**
 * A failure as the page shows it: the title of its code, then its own sentence without repeating
 * the title ("Blocked by content safety — adjust…" under the title "Blocked by content safety"),
 * else the advice.
 */
export function describeFailure(code: string | null | undefined, message: string | null | undefined): ErrorCopy & { detail: string } {
  const known = errorCopy(code);
  const title = known.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const repeated = new RegExp(`^${title}\\s*[—–:.,-]\\s*`, "i");
  const rest = message?.replace(repeated, "").trim();
  const detail = rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : known.advice;
  return { ...known, detail };
}
