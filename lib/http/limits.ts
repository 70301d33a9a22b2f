// Size limits of requests the studio's API reads, one definition each.

/** A JSON request body: the largest legitimate one (a chat turn's settings and text) is a few KB. */
export const JSON_BODY_MAX_BYTES = 1_000_000;
