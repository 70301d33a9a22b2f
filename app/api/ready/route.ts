import { checkReadiness } from "@/lib/health/readiness";
import { route } from "@/lib/http/route";
import { isDraining } from "@/lib/http/server-drain";

// Readiness, for a load balancer: 200 when this instance can do its work, 503 naming what is not
// there. Public: it holds states only, no address, name or secret.
export const GET = route(
  async () => {
    // A stopping instance is out at once, whatever its dependencies say.
    if (isDraining()) return Response.json({ status: "draining" }, { status: 503, headers: { "Cache-Control": "no-store" } });
    const { ready, checks } = await checkReadiness();
    return Response.json({ status: ready ? "ready" : "not_ready", checks }, { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  },
  { tokens: "refused" },
);
