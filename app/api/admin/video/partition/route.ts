import { requireAdmin } from "@/lib/auth/current-user";
import { parseOrThrow } from "@/lib/errors";
import { readJson, route } from "@/lib/http/route";
import { adminPartition, switchPartition } from "@/lib/videos/admin-partition";
import type { AdminPartitionAnswer, PartitionSwitchAnswer } from "@/lib/videos/admin-video-dto";
import { partitionSwitchSchema } from "@/lib/videos/admin-video-schemas";

export const GET = route(async () => {
  await requireAdmin();
  return Response.json({ partition: await adminPartition() } satisfies AdminPartitionAnswer);
}, { tokens: "refused" });

// Every answer of the agent to a switch (spec 3.2, also its 409 refusals) is an outcome to explain: 200.
export const POST = route(async (request) => {
  const admin = await requireAdmin();
  const { partition } = parseOrThrow(partitionSwitchSchema, await readJson(request));
  return Response.json((await switchPartition(admin, partition)) satisfies PartitionSwitchAnswer);
}, { tokens: "refused" });
