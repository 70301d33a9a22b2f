import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import type { TokenPolicy, TOKENS_REFUSED } from "@/lib/http/token-policy";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The groups of the reference, in the order it shows them. */
export const API_TAGS = {
  Images: "Alpha v3 and beta generations: each image is made by a job.",
  Chat: "Conversations with the alpha v3.5 editor: each turn is made by a job.",
  Jobs: "The work behind every generation and video, and the live stream of its progress.",
  Assets: "Uploaded and generated files.",
  Gallery: "Everything made, in one place: search, share, download, delete.",
  Videos: "Video jobs.",
  Account: "The token's owner, their usage and their teams.",
  Reference: "This document.",
} as const;

export type ApiTag = keyof typeof API_TAGS;

/** What a successful answer carries. */
export type SuccessBody =
  | { type: "json"; schema?: z.ZodType }
  /** The file's own bytes, with its media type. */
  | { type: "file" }
  | { type: "zip" }
  /** Server-Sent Events whose `data` is `schema` as JSON. */
  | { type: "events"; event: string; schema: z.ZodType }
  | { type: "none" };

/**
 * One API operation a personal access token may call: the same zod schemas its handler parses with,
 * the scope its route() declares (test/openapi-document.test.ts holds the two together), and what it
 * answers. The OpenAPI document (build-document.ts) is made from these and nothing else.
 */
export type ApiOperation = {
  operationId: string;
  method: HttpMethod;
  /** As under app/: `/api/jobs/[id]`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  tokens: Exclude<TokenPolicy, typeof TOKENS_REFUSED>;
  /** Answers without any credential too (a public link's file). */
  public?: true;
  query?: z.ZodType;
  /** A JSON body, or the file itself as the body (any of these media types). */
  body?: { type: "json"; schema: z.ZodType } | { type: "file"; mediaTypes: readonly string[] };
  success: { status: 200 | 201 | 202 | 204; description: string; body: SuccessBody };
  /** Refusals particular to this operation, beyond those every token route can answer. */
  errors?: readonly ErrorCode[];
};
