import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "@/lib/audit/record-audit";
import { siteSettings } from "@/lib/auth/site-settings";
import type { CurrentUser } from "@/lib/auth/types";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Asset } from "@/lib/generated/prisma/client";
import { canSeeItem } from "@/lib/sharing/access";
import { linkedAssets } from "./item-outputs";
import { mayShare, ONLY_OWNER_LINKS, openItemForUser } from "./open-item";
import type { PublicEntryDto } from "./public-entry-dto";
import { PUBLIC_LINKS_OFF_MESSAGE, type ShareLinkDto } from "./share-link-rules";
import { shareTokenSchema } from "./share-link-schemas";
import { shareLinkState } from "./share-link-state";

// Public links: off until a site admin turns them on. The token is shown once, in the
// answer that made it; only its sha256 is stored, so the database cannot hand one out. A link opens
// only its entry's outputs, and only while it is unexpired, unrevoked, its creator's account enabled
// and the setting is on.

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_SUCH_LINK = "No such link";

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

async function checkLinksOn(): Promise<void> {
  if (!(await siteSettings()).publicShareLinks) throw new AppError("forbidden", PUBLIC_LINKS_OFF_MESSAGE);
}

async function openOwnItem(user: CurrentUser, itemId: string) {
  const item = await openItemForUser(user, itemId);
  if (!mayShare(user, item)) throw new AppError("forbidden", ONLY_OWNER_LINKS);
  await checkLinksOn();
  return item;
}

/** POST /api/gallery/items/[id]/links: a new link, its address (with the token) shown this once. */
export async function createShareLink(user: CurrentUser, itemId: string, expiresInDays: number, origin: string): Promise<ShareLinkDto> {
  const item = await openOwnItem(user, itemId);
  const token = randomBytes(32).toString("base64url");
  const link = await db.$transaction(async (tx) => {
    const row = await tx.shareLink.create({
      data: { itemId, createdById: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + expiresInDays * DAY_MS) },
    });
    await recordAudit(tx, { actor: user, action: "share_link.created", target: itemId, teamId: item.teamId, details: { linkId: row.id, expiresAt: row.expiresAt.toISOString() } });
    return row;
  });
  return { ...toShareLinkDto(link), url: `${origin}/s/${token}` };
}

/** GET /api/gallery/items/[id]/links: the owner's links to the entry that still work. */
export async function listShareLinks(user: CurrentUser, itemId: string): Promise<ShareLinkDto[]> {
  await openOwnItem(user, itemId);
  const links = await db.shareLink.findMany({ where: { itemId, revokedAt: null, expiresAt: { gt: new Date() } }, orderBy: { createdAt: "desc" } });
  return links.map(toShareLinkDto);
}

/** DELETE /api/gallery/links/[linkId]: the entry's owner or a site admin revokes a link, setting or not. */
export async function revokeShareLink(user: CurrentUser, linkId: string): Promise<void> {
  const link = await db.shareLink.findUnique({ where: { id: linkId }, include: { item: { select: { id: true, ownerId: true, teamId: true } } } });
  if (!link || !canSeeItem(user, link.item)) throw new AppError("not_found", NO_SUCH_LINK);
  if (link.item.ownerId !== user.id && user.role !== "admin") throw new AppError("forbidden", "Only the owner or a site admin can revoke this link");
  if (link.revokedAt) return;
  await db.$transaction(async (tx) => {
    await tx.shareLink.update({ where: { id: linkId }, data: { revokedAt: new Date() } });
    await recordAudit(tx, { actor: user, action: "share_link.revoked", target: link.item.id, teamId: link.item.teamId, details: { linkId } });
  });
}

function toShareLinkDto(link: { id: string; createdAt: Date; expiresAt: Date }): ShareLinkDto {
  return { id: link.id, createdAt: link.createdAt.toISOString(), expiresAt: link.expiresAt.toISOString() };
}

/** The live link a token names; anything else (malformed, unknown, expired, revoked, suspended, setting off) is 404. */
async function openLink(token: string) {
  const link = shareTokenSchema.safeParse(token).success
    ? await db.shareLink.findUnique({ where: { tokenHash: hashToken(token) }, include: { item: true, createdBy: { select: { disabledAt: true } } } })
    : null;
  if (!link || shareLinkState({ ...link, creator: link.createdBy }, new Date()) !== "live" || !(await siteSettings()).publicShareLinks) {
    throw new AppError("not_found", NO_SUCH_LINK);
  }
  return link;
}

/** The public page of a link, for anyone holding it, signed in or not. */
export async function publicEntry(token: string): Promise<PublicEntryDto> {
  const link = await openLink(token);
  const files = (await linkedAssets([link.itemId], true)).get(link.itemId) ?? [];
  return {
    kind: link.item.kind,
    model: link.item.model,
    prompt: link.item.prompt,
    createdAt: link.item.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    files: files.map((asset) => ({
      id: asset.id,
      mime: asset.mime,
      width: asset.width,
      height: asset.height,
      url: `/api/public/${token}/assets/${asset.id}`,
    })),
  };
}

/** One output of a link's entry; any other asset is 404, as is everything once the link stops working. */
export async function publicAsset(token: string, assetId: string): Promise<Asset> {
  const link = await openLink(token);
  const output = await db.galleryItemAsset.findUnique({ where: { itemId_assetId: { itemId: link.itemId, assetId } }, include: { asset: true } });
  if (!output?.output) throw new AppError("not_found", "No such file");
  return output.asset;
}
