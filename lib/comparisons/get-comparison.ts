import "server-only";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { BETA_GALLERY_MODEL } from "@/lib/gallery/gallery-models";
import { toJobDto } from "@/lib/jobs/to-job-dto";
import { isBetaModel } from "@/lib/upstream/beta/limits";
import type { ComparisonDto, ComparisonMemberDto } from "./comparison-dto";
import type { ComparisonModel } from "./comparison-models";

const NO_SUCH_COMPARISON = "No such comparison";

const firstImage = { where: { position: 0 }, take: 1, select: { id: true } } as const;

/** Everything the page shows of a comparison, with the rows keep and discard act on. */
export async function loadOwnedComparison(user: CurrentUser, id: string) {
  const comparison = await db.comparison.findFirst({
    // A comparison is its owner's working view; anyone else is told it does not exist.
    where: { id, ownerId: user.id },
    include: {
      jobs: {
        orderBy: { createdAt: "asc" },
        include: {
          generation: { include: { assets: firstImage, galleryItems: true } },
          turn: { include: { assets: firstImage, conversation: { include: { galleryItem: true } } } },
        },
      },
    },
  });
  if (!comparison) throw new AppError("not_found", NO_SUCH_COMPARISON);
  return comparison;
}

type LoadedMember = Awaited<ReturnType<typeof loadOwnedComparison>>["jobs"][number];

/** The model a member ran, from its job's kind and, for beta, its generation's model. */
export function modelOf(job: { kind: LoadedMember["kind"]; generation: { model: string } | null }): ComparisonModel {
  if (job.kind === "alpha_v35_turn") return "alpha-v3.5";
  if (job.kind === "beta" && isBetaModel(job.generation?.model)) return BETA_GALLERY_MODEL[job.generation.model] as ComparisonModel;
  return "alpha-v3";
}

/** The gallery entries a member made: its generation's images, or its conversation. */
export function galleryItemsOf(job: LoadedMember) {
  if (job.generation) return job.generation.galleryItems;
  const item = job.turn?.conversation.galleryItem;
  return item ? [item] : [];
}

function toMemberDto(job: LoadedMember): ComparisonMemberDto {
  const run = job.generation ?? job.turn;
  const assetId = run?.assets[0]?.id;
  return {
    model: modelOf(job),
    job: toJobDto(job),
    tokens: run?.tokens ?? null,
    durationMs: run?.durationMs ?? null,
    image: assetId ? { assetId, url: `/api/assets/${assetId}`, thumbnailUrl: `/api/assets/${assetId}?variant=thumb` } : null,
    conversationId: job.turn?.conversationId ?? null,
    inGallery: galleryItemsOf(job).length > 0,
  };
}

export function toComparisonDto(comparison: Awaited<ReturnType<typeof loadOwnedComparison>>): ComparisonDto {
  return {
    id: comparison.id,
    prompt: comparison.prompt,
    createdAt: comparison.createdAt.toISOString(),
    keptJobId: comparison.keptJobId,
    members: comparison.jobs.map(toMemberDto),
  };
}

export async function getComparison(user: CurrentUser, id: string): Promise<ComparisonDto> {
  return toComparisonDto(await loadOwnedComparison(user, id));
}
