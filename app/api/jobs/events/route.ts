import { z } from "zod";
import { requireUser, sessionExpiresAt } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";
import { jobEventStream, streamPosition } from "@/lib/jobs/job-stream";

const querySchema = z.object({ after: z.string().max(18, "after must be at most 18 digits").optional() });

// Server-Sent Events of the user's jobs, resumable with Last-Event-ID; the stream ends with the session.
export const GET = route(async (request) => {
  const user = await requireUser();
  const { after } = readQuery(request, querySchema);
  const position = streamPosition(request.headers.get("last-event-id"), after);
  return jobEventStream(user, position, request.signal, await sessionExpiresAt());
}, { tokens: "read" });
