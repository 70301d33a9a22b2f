import { requireAdmin } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import type { VideoHealthDto } from "@/lib/videos/admin-video-dto";
import { readVideoHealth } from "@/lib/videos/video-health";

// The agent's /healthz and the inference server's /health in one answer; an unhealthy or unreachable
// service is part of the answer (200), not a failure of this route.
export const GET = route(async () => {
  await requireAdmin();
  return Response.json((await readVideoHealth()) satisfies VideoHealthDto);
}, { tokens: "refused" });
