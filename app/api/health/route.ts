import { route } from "@/lib/http/route";

// Liveness, for a load balancer or supervisor: the process answers HTTP. Public, and touches
// nothing else, so a database outage does not get a healthy web process restarted.
export const GET = route(async () => Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } }), { tokens: "refused" });
