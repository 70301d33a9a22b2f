import { z } from "zod";
import { requireAdmin } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { inferenceJobIdSchema } from "@/lib/videos/admin-video-schemas";
import { inferenceContent } from "@/lib/videos/inference-diagnostics";

const paramsSchema = z.object({ id: inferenceJobIdSchema });

// The diagnostic job's MP4, streamed from the inference server (spec 4.5) as it arrives.
export const GET = route<{ id: string }>(async (request, { params }) => {
  await requireAdmin();
  const { id } = parseOrThrow(paramsSchema, params);
  return inferenceContent(id, request.signal);
}, { tokens: "refused" });
