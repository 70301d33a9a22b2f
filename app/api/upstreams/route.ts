import { requireUser } from "@/lib/auth/current-user";
import { route } from "@/lib/http/route";
import { readReachabilityAnswer } from "@/lib/upstream/reachability/record";

// Whether each upstream service can be reached, for the shell's notice and the forms: every signed-in
// person may know it, since it decides whether what they start now can run.
export const GET = route(async () => {
  await requireUser();
  return Response.json(await readReachabilityAnswer());
}, { tokens: "refused" });
