import { requireUser } from "@/lib/auth/current-user";
import { readQuery, route } from "@/lib/http/route";
import { deleteVideo } from "@/lib/videos/delete-video";
import { getVideo } from "@/lib/videos/list-videos";
import { videoDeleteQuerySchema } from "@/lib/videos/video-queries";

export const GET = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json(await getVideo(user, params.id));
}, { tokens: "read" });

// Deletes a finished job upstream; `archive` says whether the studio's copy stays or goes too.
export const DELETE = route<{ id: string }>(async (request, { params }) => {
  const user = await requireUser();
  const { archive } = readQuery(request, videoDeleteQuerySchema);
  return Response.json(await deleteVideo(user, params.id, archive));
}, { tokens: "gallery:manage" });
