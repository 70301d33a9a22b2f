// Limits on what a request, or one person, may take of the studio's API, one definition each.

/** A JSON request body: the largest legitimate one (a chat turn's settings and text) is a few KB. */
export const JSON_BODY_MAX_BYTES = 1_000_000;

/**
 * Job streams (GET /api/jobs/events) one person may hold open at once, across every studio process.
 * A tab holds one only while it is shown, so eight is several windows side by side; each open
 * stream costs the server a connection and a database read a second.
 */
export const JOB_STREAMS_PER_USER = 8;
