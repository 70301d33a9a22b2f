import { requireUser } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, readQuery, route } from "@/lib/http/route";
import { listVideos } from "@/lib/videos/list-videos";
import { submitVideo } from "@/lib/videos/submit-video";
import { videoListQuerySchema } from "@/lib/videos/video-queries";
import { videoFormSchema } from "@/lib/videos/video-schemas";

export const GET = route(async (request) => {
  const user = await requireUser();
  return Response.json(await listVideos(user, readQuery(request, videoListQuerySchema)));
}, { tokens: "read" });

// Records the job and answers at once (202); the studio's sync worker sends it to the agent and
// follows it to its end, whether or not a page is open.
export const POST = route(async (request) => {
  const user = await requireUser();
  const values = parseOrThrow(videoFormSchema, await readJson(request));
  return Response.json({ video: await submitVideo(user, values) }, { status: 202 });
}, { tokens: "videos:generate" });
