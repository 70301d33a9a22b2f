// The API's OpenAPI document (lib/openapi) is valid OpenAPI 3.1, and it documents exactly the routes
// that take personal access tokens, with the scopes their route() declares: a route that starts
// taking tokens, or changes its scope, fails here until the document says so too.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it, vi } from "vitest";
import { TOKENS_REFUSED } from "@/lib/http/token-policy";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { apiOperations } from "@/lib/openapi/operations";
import { apiRoutes } from "../e2e/route-list";

vi.hoisted(() => {
  process.env.LOG_LEVEL = "silent";
});
// next-auth does not load outside Next; its endpoints refuse tokens.
vi.mock("@/lib/auth/auth", () => ({ handlers: { GET: () => new Response(), POST: () => new Response() } }));

type RouteModule = Record<string, { tokens?: unknown } | undefined>;
const routeModules = import.meta.glob<RouteModule>("../app/api/**/route.ts");

/** `METHOD /path` of every listed route that takes tokens, with the scopes it declares. */
async function tokenRoutes(): Promise<Record<string, unknown>> {
  const taking: Record<string, unknown> = {};
  for (const { path, methods } of apiRoutes) {
    const routeModule = await routeModules[`../app${path}/route.ts`]();
    for (const method of Object.keys(methods)) {
      const tokens = routeModule[method]?.tokens;
      if (tokens !== TOKENS_REFUSED) taking[`${method} ${path}`] = tokens;
    }
  }
  return taking;
}

function documentedRoutes(): Record<string, unknown> {
  const document = buildOpenApiDocument();
  const documented: Record<string, unknown> = {};
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const scopes = operation["x-token-scopes"] as string[];
      documented[`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, "[$1]")}`] = scopes.length === 1 ? scopes[0] : scopes;
    }
  }
  return documented;
}

describe("the API's OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(buildOpenApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(buildOpenApiDocument().openapi).toMatch(/^3\.1\./);
  });

  it("documents every route that takes tokens, and no other, with the scope its route() declares", async () => {
    expect(documentedRoutes()).toEqual(await tokenRoutes());
  });

  it("names each operation once", () => {
    const ids = apiOperations.map((operation) => operation.operationId);
    expect(ids.length).toBe(new Set(ids).size);
  });

  it("gives each operation the error shape with the codes of each status it can refuse with", () => {
    const document = buildOpenApiDocument();
    const upload = document.paths["/api/uploads"].post as { responses: Record<string, { description: string; content?: unknown }> };
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "411", "413", "415", "429"]));
    expect(upload.responses["413"].description).toContain("storage_quota_exceeded");
    expect(upload.responses["413"].description).toContain("payload_too_large");
    const job = document.paths["/api/jobs/{id}"].get as { parameters: { name: string; in: string }[]; responses: Record<string, unknown> };
    expect(job.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path" }));
    expect(job.responses).toHaveProperty("404");
    expect(document.components.schemas).toHaveProperty("Error");
  });

  it("takes request bodies and query parameters from the handlers' zod schemas", () => {
    const document = buildOpenApiDocument();
    const create = document.paths["/api/alpha/v3/generations"].post as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    expect(Object.keys(create.requestBody.content["application/json"].schema.properties)).toEqual(expect.arrayContaining(["prompt", "seed"]));
    const gallery = document.paths["/api/gallery"].get as { parameters: { name: string; in: string }[] };
    expect(gallery.parameters.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(["scope", "kind", "cursor", "limit"]));
  });

  it("leaves out the safe-integer bounds zod gives every integer, and keeps the API's own", () => {
    const document = buildOpenApiDocument();
    expect(JSON.stringify(document)).not.toContain(String(Number.MAX_SAFE_INTEGER));
    const gallery = document.paths["/api/gallery"].get as { parameters: { name: string; schema: { type?: string; minimum?: number; maximum?: number } }[] };
    expect(gallery.parameters.find((parameter) => parameter.name === "limit")?.schema).toMatchObject({ type: "integer", minimum: 1, maximum: expect.any(Number) });
  });

  it("describes the job stream as Server-Sent Events of jobs", () => {
    const stream = buildOpenApiDocument().paths["/api/jobs/events"].get as { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> };
    const event = stream.responses["200"].content["text/event-stream"].schema;
    expect(event.properties.event).toEqual({ const: "job" });
    expect(event.properties.data).toMatchObject({ $ref: "#/components/schemas/Job" });
  });
});
