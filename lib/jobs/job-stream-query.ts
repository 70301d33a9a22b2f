// The query string of GET /api/jobs/events, shared by its handler and the API's document (lib/openapi).
import { z } from "zod";

/** `after`: the stream position to resume after, for clients that cannot send Last-Event-ID. */
export const jobStreamQuerySchema = z.object({ after: z.string().max(18, "after must be at most 18 digits").optional() });
