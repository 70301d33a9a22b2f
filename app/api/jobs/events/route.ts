import { requireUser, sessionExpiresAt } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";
import { jobEventStream, streamPosition } from "@/lib/jobs/job-stream";
import { jobStreamQuerySchema } from "@/lib/jobs/job-stream-query";

// Server-Sent Events of the user's jobs, resumable with Last-Event-ID; the stream ends with the session.
export const GET = route(async (request) => {
  const user = await requireUser();
  const { after } = readQuery(request, jobStreamQuerySchema);
  const position = streamPosition(request.headers.get("last-event-id"), after);
  return jobEventStream(user, position, request.signal, await sessionExpiresAt());
}, { tokens: "read" });
