import { route } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";

// Public: the document describes routes and the shapes they take, the same for everyone, with no
// data and no secret; a script reads it before it has chosen a token, and a token may read it too.
export const GET = route(async () => Response.json(buildOpenApiDocument()), { tokens: "read" });
