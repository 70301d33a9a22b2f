import { requireAdmin } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import type { InferenceJobAnswer } from "@/lib/videos/admin-video-dto";
import { inferenceRunSchema } from "@/lib/videos/admin-video-schemas";
import { runInferenceJob } from "@/lib/videos/inference-diagnostics";

// Accepted, not finished (spec 4.5): 202, and the page polls GET /api/admin/video/inference/[id].
export const POST = route(async (request) => {
  const admin = await requireAdmin();
  const values = parseOrThrow(inferenceRunSchema, await readJson(request));
  return Response.json({ job: await runInferenceJob(admin, values) } satisfies InferenceJobAnswer, { status: 202 });
}, { tokens: "refused" });
