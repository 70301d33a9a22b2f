import "server-only";
import { randomUUID } from "node:crypto";
import type { CurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { assertStorageLeftForJob } from "@/lib/storage-quota/enforce-quota";
import type { Asset, Prisma } from "@/lib/generated/prisma/client";
import { createJob, lockOwnerJobs } from "@/lib/jobs/job-changes";
import { sendVideoStep } from "@/lib/jobs/job-sender";
import { jobLabel } from "@/lib/jobs/job-label";
import { recordLineage, type LineageSource } from "@/lib/lineage/record-lineage";
import { assetsVisibleTo } from "@/lib/sharing/access";
import { prepareKeyframes } from "./keyframes";
import { partitionProblem } from "./partition-rule";
import { readPartition } from "./partition-status";
import { referenceTimeProblem, videoInputProblems, videoInputTypeOfMime } from "./input-rules";
import { toVideoJobDto, VIDEO_JOB_INCLUDE } from "./to-video-dto";
import type { VideoJobDto } from "./video-dto";
import type { VideoInputSlot } from "./video-rules";
import type { VideoFormValues } from "./video-schemas";

const LINEAGE_ROLES: Record<VideoInputSlot, LineageSource["role"]> = { first: "first_frame", last: "last_frame", reference: "reference" };

/**
 * A designer's submit: refuses while the storage quota is full (the archived video would
 * not fit, lib/storage-quota), checks the inputs against what is stored (the browser's word is not
 * taken for a file's type or length), holds the submit while the partition does not suit the task
 * (spec 3.2), prepares keyframes at a supported size (spec 8), then records the job, and its
 * activity-tray job, before anything is sent. A worker's step sends it (lib/videos/run-video-step): the
 * POST is not idempotent (spec 4.4), so only the worker that holds the job's lease may send it.
 */
export async function submitVideo(user: CurrentUser, values: VideoFormValues): Promise<VideoJobDto> {
  await assertStorageLeftForJob({ ownerId: user.id, teamId: user.activeTeamId });
  const inputs = await loadInputs(user, values);
  const partition = await readPartition({ fresh: true });
  const problem = partitionProblem(partition, values.task);
  if (problem) throw new AppError("partition_unusable", problem);
  const preparation = await prepareKeyframes(user, values, inputs);

  const created = await db.$transaction(async (transaction) => {
    const tx = await lockOwnerJobs(transaction, user.id);
    const video = await tx.videoJob.create({
      data: {
        ownerId: user.id,
        teamId: user.activeTeamId,
        correlationId: randomUUID(),
        task: values.task,
        prompt: values.prompt,
        params: values,
        preparation,
      },
      include: VIDEO_JOB_INCLUDE,
    });
    const charge = { teamId: user.activeTeamId, model: values.task, asked: { videoSeconds: values.durationSeconds } };
    const job = await createJob(tx, { kind: "video", ownerId: user.id, label: jobLabel(values.prompt), videoJobId: video.id }, charge);
    await recordLineage(tx, { videoJobId: video.id }, values.inputs.map((input) => ({ assetId: input.assetId, role: LINEAGE_ROLES[input.slot] })));
    // Its first step (the send) goes with the row, and wakes a worker as soon as both commit.
    await sendVideoStep(video.id, { tx });
    return { video, job };
  });
  return toVideoJobDto({ ...created.video, job: created.job }, new Map(inputs.map((asset) => [asset.id, asset])));
}

/**
 * The inputs, each of the type the form claims, within the reference time (spec 4.4.1): the user's
 * own uploads, or a stored image they may open ("Animate" from a gallery image or a chat turn), whose
 * format and size are checked here as an upload's are.
 */
async function loadInputs(user: CurrentUser, values: VideoFormValues): Promise<Asset[]> {
  if (values.inputs.length === 0) return [];
  const ids = values.inputs.map((input) => input.assetId);
  const usable: Prisma.AssetWhereInput = { OR: [{ ownerId: user.id, kind: "input" }, { AND: [{ kind: { in: ["image", "layer"] } }, assetsVisibleTo(user)] }] };
  const assets = await db.asset.findMany({ where: { AND: [{ id: { in: ids } }, usable] } });
  const byId = new Map(assets.map((asset) => [asset.id, asset]));
  const files = values.inputs.map((input, index) => {
    const field = `inputs.${index}.assetId`;
    const asset = byId.get(input.assetId);
    if (!asset) throw new AppError("validation_failed", `${field}: no file or image you may use has this id`, [{ field, message: "no file or image you may use has this id" }]);
    const stored = videoInputTypeOfMime(asset.mime);
    if (stored !== input.type) {
      const message = `is a ${stored ?? asset.mime} file, not ${input.type === "audio" ? "an audio" : `a ${input.type}`} file`;
      throw new AppError("validation_failed", `${field}: ${message}`, [{ field, message }]);
    }
    // An upload was checked against these rules when it arrived; a stored image is checked now.
    const broken = asset.kind === "input" ? [] : videoInputProblems(input.type, { name: "The image", bytes: Number(asset.bytes), width: asset.width, height: asset.height });
    if (broken.length > 0) throw new AppError("validation_failed", `${field}: ${broken.join("; ")}`, broken.map((message) => ({ field, message })));
    return { name: `${input.type} ${index + 1}`, type: input.type, durationSeconds: asset.durationMs === null ? null : asset.durationMs / 1000 };
  });
  const tooLong = values.task === "ref2va" ? referenceTimeProblem(files) : null;
  if (tooLong) throw new AppError("validation_failed", `inputs: ${tooLong}`, [{ field: "inputs", message: tooLong }]);
  return values.inputs.map((input) => byId.get(input.assetId)!);
}
