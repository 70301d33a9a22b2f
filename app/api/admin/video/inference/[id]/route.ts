import { z } from "zod";
import { requireAdmin } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { route } from "@/lib/http/route";
import type { InferenceJobAnswer } from "@/lib/videos/admin-video-dto";
import { inferenceJobIdSchema } from "@/lib/videos/admin-video-schemas";
import { readInferenceJob } from "@/lib/videos/inference-diagnostics";

const paramsSchema = z.object({ id: inferenceJobIdSchema });

export const GET = route<{ id: string }>(async (_request, { params }) => {
  await requireAdmin();
  const { id } = parseOrThrow(paramsSchema, params);
  return Response.json({ job: await readInferenceJob(id) } satisfies InferenceJobAnswer);
}, { tokens: "refused" });
