// The shapes of the answers the API's document describes, as zod schemas so that the document is made
// the same way as for requests. The DTOs stay TypeScript types (the browser's code uses them); the
// compile-time checks at the end fail when a DTO gains, loses or retypes a field these do not describe.
import { z } from "zod";
import type { AssetDto } from "@/lib/assets/asset-dto";
import type { GenerationDto } from "@/lib/images/generation-dto";
import { ACTIVE_JOB_STATES, FINISHED_JOB_STATES, JOB_KINDS, type JobDto, type JobListDto } from "@/lib/jobs/job-dto";

const isoDate = z.string().describe("ISO 8601 date and time");

export const jobSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(JOB_KINDS),
    state: z.enum([...ACTIVE_JOB_STATES, ...FINISHED_JOB_STATES]),
    queuePosition: z.number().int().nullable().describe("Place in the studio's line for the model (1 = next), while waiting"),
    waitingForPlace: z.boolean().describe("Made, but waiting for one of its owner's running places to free"),
    variationSetId: z.uuid().nullable(),
    round: z.number().int().nullable().describe("The chat turn's round while generating"),
    label: z.string(),
    href: z.string().describe("The studio page that shows the result"),
    generationId: z.uuid().nullable(),
    conversationId: z.uuid().nullable(),
    turnId: z.uuid().nullable(),
    videoId: z.uuid().nullable(),
    error: z
      .object({ code: z.string(), message: z.string(), requestId: z.string().nullable() })
      .nullable()
      .describe("Why it failed, was cancelled or interrupted; while it runs, why it is held (a service unreachable, a full queue)"),
    canRunAgain: z.boolean(),
    createdAt: isoDate,
    startedAt: isoDate.nullable(),
    finishedAt: isoDate.nullable(),
  })
  .meta({ id: "Job" });

export const jobListSchema = z.object({
  jobs: z.array(jobSchema),
  cursor: z.string().describe("The job stream's position this list reflects: pass it as `after` to /api/jobs/events"),
});

const layerBoxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const assetSchema = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    mime: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    bytes: z.number().int(),
    durationMs: z.number().int().nullable(),
    url: z.string().describe("The file, through the studio (GET /api/assets/{id})"),
    thumbnailUrl: z.string().nullable(),
    downloadUrl: z.string(),
    delivery: z
      .object({
        url: z.string(),
        thumbnailUrl: z.string().nullable(),
        downloadUrl: z.string(),
        expiresAt: isoDate,
      })
      .describe("The same files by signed URLs (GET /api/delivery/{id}) that need no session or token, open until expiresAt (10 minutes)"),
    role: z.enum(["base", "layer"]).nullable(),
    position: z.number().int(),
    layout: layerBoxSchema.nullable(),
    createdAt: isoDate,
  })
  .meta({ id: "Asset" });

export const generationSchema = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    model: z.string(),
    prompt: z.string(),
    params: z.unknown(),
    settings: z.unknown().describe("params read with the model's form schema as the pages show them ({ kind, values } and, for beta, adjustments); null when they no longer read"),
    status: z.string(),
    requestId: z.string().nullable(),
    tokens: z.number().int().nullable(),
    revisedPrompt: z.string().nullable(),
    errorCode: z.string().nullable(),
    errorMessage: z.string().nullable(),
    durationMs: z.number().int().nullable(),
    variationSetId: z.uuid().nullable(),
    createdAt: isoDate,
    completedAt: isoDate.nullable(),
    images: z.array(assetSchema),
  })
  .meta({ id: "Generation" });

export const generationPageSchema = z.object({ items: z.array(generationSchema), nextCursor: z.uuid().nullable() });

/** The answer of a started generation: its job and pending generation (the set's first), and all of a variation set's. */
export const startedGenerationSchema = z.object({
  job: jobSchema,
  generation: generationSchema,
  jobs: z.array(jobSchema),
  generations: z.array(generationSchema),
  variationSetId: z.uuid().nullable(),
});

export const uploadedAssetSchema = z.object({
  asset: assetSchema,
  conversion: z.string().nullable().describe("What the studio did to make the file usable, e.g. a HEIC converted to JPEG"),
});

export const assetAnswerSchema = z.object({ asset: assetSchema });

/** True when `Schema` describes every field of `Dto` and no other. */
type Describes<Schema, Dto> = [Dto] extends [Schema] ? ([keyof Schema] extends [keyof Dto] ? ([keyof Dto] extends [keyof Schema] ? true : false) : false) : false;

// Compile-time only: tsc fails here when a schema and its DTO part ways.
void (true satisfies Describes<z.infer<typeof jobSchema>, JobDto>);
void (true satisfies Describes<z.infer<typeof jobListSchema>, JobListDto>);
void (true satisfies Describes<z.infer<typeof assetSchema>, AssetDto>);
void (true satisfies Describes<z.infer<typeof generationSchema>, GenerationDto>);
