import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { keepFrame } from "@/lib/videos/keep-frame";
import { keepFrameSchema } from "@/lib/videos/video-schemas";

// "Use frame": the image just uploaded from the player's frame becomes a gallery entry made from this
// video. Anyone who may see the video may take a frame of it; the frame is their own entry.
export const POST = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const input = parseOrThrow(keepFrameSchema, await readJson(request));
  return Response.json(await keepFrame(user, params.id, input), { status: 201 });
}, { tokens: "videos:generate" });
