import "server-only";
import { z } from "zod";
import { TOKEN_PREFIX, TOKEN_REQUESTS_PER_MINUTE, TOKEN_SCOPE_MEANINGS } from "@/lib/access-tokens/token-rules";
import { type AppErrorCode, type ErrorCode, statusOfCode } from "@/lib/errors";
import { statusByUpstreamKind } from "@/lib/http/client-error";
import { tokenScopesOf } from "@/lib/http/token-policy";
import type { UpstreamErrorKind } from "@/lib/upstream/errors";
import { API_TAGS, type ApiOperation } from "./operation-types";
import { apiOperations } from "./operations";

type JsonSchema = Record<string, unknown>;
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, JsonSchema>>; components: { schemas: Record<string, JsonSchema> } & JsonSchema } & JsonSchema;

const SECURITY_SCHEME = "personalAccessToken";

/** What every operation can be refused with, whatever it does. */
const EVERY_OPERATION: readonly ErrorCode[] = [
  "validation_failed",
  "unauthorized",
  "token_invalid",
  "token_expired",
  "token_revoked",
  "token_owner_disabled",
  "tokens_disabled",
  "token_scope_missing",
  "forbidden",
  "rate_limited",
];
/** An id in the path that names nothing the token's owner may see. */
const WITH_PATH_PARAMETERS: readonly ErrorCode[] = ["not_found"];
const WITH_BODY: readonly ErrorCode[] = ["payload_too_large", "unsupported_media_type"];

/** The error body of every refusal (lib/http/client-error's `failureResponse`). */
const errorSchema = z
  .object({
    error: z.object({
      code: z.string().describe("Tells refusals apart; the message is for people"),
      message: z.string().describe("A whole sentence naming the field and the rule"),
      field: z.string().optional(),
      fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
      requestId: z.string().optional().describe("The id to quote when asking about this request"),
      retryAfterSeconds: z.number().int().optional().describe("How long to wait before trying again (also the Retry-After header)"),
    }),
    requestId: z.string(),
  })
  .meta({ id: "Error" });

/**
 * The OpenAPI 3.1 document of what a personal access token may call, made from the operations'
 * registry (operations.ts) and the very zod schemas the handlers parse with. It holds no secret and
 * no data: the same for everyone.
 */
export function buildOpenApiDocument(): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const convert = (schema: z.ZodType) => toJsonSchema(schema, schemas);
  convert(errorSchema);
  const paths: OpenApiDocument["paths"] = {};
  for (const operation of apiOperations) {
    const path = operation.path.replace(/\[(\w+)\]/g, "{$1}");
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = describeOperation(operation, convert);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Studio API",
      version: "1",
      description:
        `Everything a script may do with a personal access token (made on the account page). Send it as \`Authorization: Bearer ${TOKEN_PREFIX}…\`. ` +
        `A token may make ${TOKEN_REQUESTS_PER_MINUTE} requests a minute. Every refusal answers the same JSON shape, told apart by \`error.code\`.`,
    },
    servers: [{ url: "/", description: "This studio" }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: "http",
          scheme: "bearer",
          description:
            "A personal access token. Each operation names the scope it needs (any one of several when it lists more than one):\n\n" +
            Object.entries(TOKEN_SCOPE_MEANINGS)
              .map(([scope, meaning]) => `- \`${scope}\`: ${meaning}`)
              .join("\n"),
        },
      },
    },
  };
}

function describeOperation(operation: ApiOperation, convert: (schema: z.ZodType) => JsonSchema): JsonSchema {
  const pathParameters = [...operation.path.matchAll(/\[(\w+)\]/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  const security = tokenScopesOf(operation.tokens).map((scope) => ({ [SECURITY_SCHEME]: [scope] }));
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description && { description: operation.description }),
    security: operation.public ? [{}, ...security] : security,
    "x-token-scopes": tokenScopesOf(operation.tokens),
    parameters: [...pathParameters, ...queryParameters(operation, convert)],
    ...(operation.body && { requestBody: requestBody(operation.body, convert) }),
    responses: { ...successResponse(operation, convert), ...errorResponses(operation) },
  };
}

function queryParameters(operation: ApiOperation, convert: (schema: z.ZodType) => JsonSchema): JsonSchema[] {
  if (!operation.query) return [];
  const schema = convert(operation.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

function requestBody(body: NonNullable<ApiOperation["body"]>, convert: (schema: z.ZodType) => JsonSchema): JsonSchema {
  if (body.type === "json") return { required: true, content: { "application/json": { schema: convert(body.schema) } } };
  return { required: true, content: Object.fromEntries(body.mediaTypes.map((type) => [type, { schema: { type: "string", contentMediaType: type } }])) };
}

function successResponse(operation: ApiOperation, convert: (schema: z.ZodType) => JsonSchema): Record<string, JsonSchema> {
  const { status, description, body } = operation.success;
  const content = (() => {
    switch (body.type) {
      case "json":
        return { "application/json": { schema: body.schema ? convert(body.schema) : { type: "object" } } };
      case "file":
        return { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } };
      case "zip":
        return { "application/zip": { schema: { type: "string", contentMediaType: "application/zip" } } };
      case "events":
        return {
          "text/event-stream": {
            schema: {
              type: "object",
              description: `One event of the stream: \`id: <position>\`, \`event: ${body.event}\`, \`data: <JSON>\`, each on its own line.`,
              properties: {
                id: { type: "string", description: "The stream position: send it back as Last-Event-ID to resume" },
                event: { const: body.event },
                data: { ...convert(body.schema), description: "JSON, on one line" },
              },
              required: ["id", "event", "data"],
            },
          },
        };
      case "none":
        return undefined;
    }
  })();
  return { [String(status)]: { description, ...(content && { content }) } };
}

/** One response per status the operation can be refused with, naming the codes behind each. */
function errorResponses(operation: ApiOperation): Record<string, JsonSchema> {
  const codes = new Set<ErrorCode>([
    ...EVERY_OPERATION,
    ...(operation.path.includes("[") ? WITH_PATH_PARAMETERS : []),
    ...(operation.body ? WITH_BODY : []),
    ...(operation.errors ?? []),
  ]);
  if (operation.public) codes.delete("unauthorized");
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, statusCodes]) => [
        String(status),
        {
          description: `Refused: ${statusCodes.map((code) => `\`${code}\``).join(", ")}`,
          content: {
            "application/json": {
              schema: {
                allOf: [{ $ref: "#/components/schemas/Error" }, { properties: { error: { properties: { code: { enum: statusCodes } } } } }],
              },
            },
          },
        },
      ]),
  );
}

function statusOf(code: ErrorCode): number {
  if (code in statusByUpstreamKind) return statusByUpstreamKind[code as UpstreamErrorKind];
  if (code === "aborted") return 499;
  if (code === "internal_error") return 500;
  return statusOfCode(code as AppErrorCode);
}

// zod's own JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) of what a client sends: the
// input side of transforms and defaults. Schemas with an id go to components, once.
/**
 * zod gives every integer the bounds of a JavaScript safe integer; "integer" says as much, and a
 * reader would take ±9007199254740991 for a rule of the API. Bounds of the API's own are kept.
 */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: { minimum?: number; maximum?: number } }): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

function toJsonSchema(schema: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any", override: withoutSafeIntegerBounds }) as JsonSchema;
  const rewritten = JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const { $schema: _dialect, $defs, ...rest } = rewritten;
  for (const [id, definition] of Object.entries($defs ?? {})) components[id] ??= definition;
  return rest;
}
