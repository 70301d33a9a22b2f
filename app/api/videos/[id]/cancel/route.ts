import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { cancelVideo } from "@/lib/videos/cancel-video";

// Spec 3.1: cancels a queued job; a running one answers 409 cannot_cancel with the reason.
export const POST = route<{ id: string }>(async (_request, { params }) => {
  const user = await requireUser();
  return Response.json(await cancelVideo(user, params.id));
}, { tokens: "videos:generate" });
