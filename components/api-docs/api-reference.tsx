// The API's OpenAPI document as a readable reference: operations grouped by tag, with their scopes,
// parameters, bodies and answers. Rendered on the server from the document itself, so the page ships
// no script of its own and needs nothing of the Content-Security-Policy beyond what every page has.
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";

type Schema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
};
type Parameter = { name: string; in: string; required: boolean; schema: Schema };
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  "x-token-scopes": string[];
  security: Record<string, string[]>[];
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
export type ApiDocument = {
  info: { title: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const methodTones = { get: "success", post: "accent", put: "warning", patch: "warning", delete: "danger" } as const;

export function ApiReference({ document }: { document: ApiDocument }) {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
  const resolve = (schema: Schema): Schema => (schema.$ref ? (document.components.schemas[schema.$ref.split("/").pop() ?? ""] ?? schema) : schema);
  return (
    <div className="space-y-8">
      <nav aria-label="Operations by group" className="flex flex-wrap gap-2 text-sm">
        {document.tags.map((tag) => (
          <a key={tag.name} href={`#${tag.name}`} className="rounded-md border border-zinc-200 px-2 py-1 hover:bg-zinc-100 dark:border-zinc-800 dark:hover:bg-zinc-800">
            {tag.name}
          </a>
        ))}
      </nav>
      {document.tags.map((tag) => (
        <section key={tag.name} id={tag.name} aria-labelledby={`${tag.name}-title`} className="space-y-3">
          <div>
            <h2 id={`${tag.name}-title`} className="text-lg font-semibold">
              {tag.name}
            </h2>
            <p className="text-sm text-muted">{tag.description}</p>
          </div>
          {operations
            .filter(({ operation }) => operation.tags.includes(tag.name))
            .map(({ path, method, operation }) => (
              <OperationCard key={operation.operationId} path={path} method={method} operation={operation} resolve={resolve} />
            ))}
        </section>
      ))}
    </div>
  );
}

function OperationCard({ path, method, operation, resolve }: { path: string; method: string; operation: Operation; resolve: (schema: Schema) => Schema }) {
  const isPublic = operation.security.some((requirement) => Object.keys(requirement).length === 0);
  return (
    <Card className="p-5" id={operation.operationId} data-testid="api-operation">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={methodTones[method as keyof typeof methodTones] ?? "neutral"}>{method.toUpperCase()}</Badge>
        <code className="font-mono text-sm break-all">{path}</code>
      </div>
      <h3 className="mt-2 font-medium">{operation.summary}</h3>
      <p className="text-xs text-muted">
        <code className="font-mono">{operation.operationId}</code> · token scope {operation["x-token-scopes"].map((scope) => `“${scope}”`).join(" or ")}
        {isPublic ? " · also without any credential" : ""}
      </p>
      {operation.description ? (
        <p className="mt-2 text-sm">
          <ApiText text={operation.description} />
        </p>
      ) : null}
      {operation.parameters.length ? (
        <Block title="Parameters">
          <ul className="space-y-1">
            {operation.parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`} className="text-sm">
                <code className="font-mono">{parameter.name}</code> <span className="text-xs text-muted">({parameter.in}{parameter.required ? ", required" : ""})</span>{" "}
                <SchemaLine schema={parameter.schema} />
              </li>
            ))}
          </ul>
        </Block>
      ) : null}
      {operation.requestBody ? (
        <Block title="Body">
          {Object.entries(operation.requestBody.content).length > 3 ? (
            <p className="text-sm">The file itself, as one of: {Object.keys(operation.requestBody.content).join(", ")}.</p>
          ) : (
            Object.entries(operation.requestBody.content).map(([type, { schema }]) => (
              <div key={type}>
                <p className="text-xs text-muted">{type}</p>
                <SchemaTree schema={schema} resolve={resolve} depth={0} />
              </div>
            ))
          )}
        </Block>
      ) : null}
      <Block title="Answers">
        <ul className="space-y-2">
          {Object.entries(operation.responses).map(([status, response]) => (
            <li key={status} className="text-sm">
              <Badge tone={status.startsWith("2") ? "success" : "neutral"}>{status}</Badge> <ApiText text={response.description} />
              {status.startsWith("2") && response.content
                ? Object.entries(response.content).map(([type, { schema }]) => (
                    <details key={type} className="group mt-1 ml-4">
                      <summary className="w-fit cursor-pointer rounded text-xs text-muted hover:text-zinc-900 dark:hover:text-white">
                        {type}: <span className="group-open:hidden">show its fields</span>
                        <span className="hidden group-open:inline">hide its fields</span>
                      </summary>
                      <SchemaTree schema={schema} resolve={resolve} depth={0} />
                    </details>
                  ))
                : null}
            </li>
          ))}
        </ul>
      </Block>
    </Card>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-4">
      <h4 className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h4>
      {children}
    </div>
  );
}

/** A text of the document, whose descriptions quote codes in backticks: shown as code. */
export function ApiText({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, index) =>
        index % 2 ? (
          <code key={index} className="font-mono text-xs">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

const MAX_DEPTH = 3;

/** The one schema besides null of a nullable value (zod writes `anyOf: [schema, { type: "null" }]`). */
function nullableOf(variants: Schema[] | undefined): Schema | undefined {
  const others = variants?.filter((variant) => variant.type !== "null") ?? [];
  return variants?.length === 2 && others.length === 1 ? others[0] : undefined;
}

function SchemaTree({ schema, resolve, depth, orNull = false }: { schema: Schema; resolve: (schema: Schema) => Schema; depth: number; orNull?: boolean }) {
  const resolved = resolve(schema);
  const variants = resolved.anyOf ?? resolved.oneOf;
  const nullable = nullableOf(variants);
  if (nullable) return <SchemaTree schema={nullable} resolve={resolve} depth={depth} orNull />;
  if (variants && depth < MAX_DEPTH) {
    return (
      <ul className="ml-4 list-disc space-y-1">
        {variants.map((variant, index) => (
          <li key={index} className="text-sm">
            one of: <SchemaTree schema={variant} resolve={resolve} depth={depth + 1} />
          </li>
        ))}
      </ul>
    );
  }
  const object = resolved.properties ? resolved : resolved.type === "array" && resolved.items ? resolve(resolved.items) : undefined;
  if (!object?.properties || depth >= MAX_DEPTH) return <SchemaLine schema={resolved} orNull={orNull} />;
  return (
    <>
      {resolved.type === "array" ? <span className="text-xs text-muted">{orNull ? "null or a list of:" : "a list of:"}</span> : null}
      {resolved.type !== "array" && orNull ? <span className="text-xs text-muted">null or an object of:</span> : null}
      <ul className="ml-4 space-y-1 border-l border-zinc-200 pl-3 dark:border-zinc-800">
        {Object.entries(object.properties).map(([name, property]) => (
          <li key={name} className="text-sm">
            <code className="font-mono">{name}</code>
            {object.required?.includes(name) ? <span className="text-xs text-muted"> required</span> : null}{" "}
            <SchemaTree schema={property} resolve={resolve} depth={depth + 1} />
          </li>
        ))}
      </ul>
    </>
  );
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A schema's type and rules on one line. */
function SchemaLine({ schema, orNull = false }: { schema: Schema; orNull?: boolean }) {
  const parts = [
    schema.$ref ? schema.$ref.split("/").pop() : undefined,
    schema.const !== undefined ? JSON.stringify(schema.const) : undefined,
    schema.enum ? schema.enum.map((value) => JSON.stringify(value)).join(" | ") : undefined,
    !schema.enum && schema.const === undefined ? (Array.isArray(schema.type) ? schema.type.join(" or ") : schema.type) : undefined,
    schema.type === "array" && schema.items ? `of ${schema.items.type ?? schema.items.$ref?.split("/").pop() ?? "values"}` : undefined,
    schema.format,
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : undefined,
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : undefined,
    schema.minLength !== undefined ? `at least ${counted(schema.minLength, "character")}` : undefined,
    schema.maxLength !== undefined ? `at most ${counted(schema.maxLength, "character")}` : undefined,
    schema.maxItems !== undefined ? `at most ${counted(schema.maxItems, "item")}` : undefined,
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : undefined,
  ].filter(Boolean);
  // Said with the type itself, as a type list (["integer", "null"]) reads: "string or null, uuid".
  if (parts.length === 0) parts.push("any value");
  if (orNull) parts[0] = `${parts[0]} or null`;
  return (
    <span className="text-xs text-muted">
      {parts.join(", ")}
      {schema.description ? ` — ${schema.description}` : ""}
    </span>
  );
}
