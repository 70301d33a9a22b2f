import { deliveryQuerySchema } from "@/lib/assets/asset-queries";
import { deliverSigned } from "@/lib/assets/deliver-signed";
import { readQuery, route } from "@/lib/http/route";

// No session and no database: the signature, minted where access was checked, is the authorization.
export const GET = route<{ id: string }>(async (request, { params }) => {
  return deliverSigned(params.id, readQuery(request, deliveryQuerySchema), request);
}, { tokens: "read" });
