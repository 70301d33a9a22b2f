import type { AssetDto, LayerBox } from "@/lib/assets/asset-dto";

// The layer panel's model: a layer decomposition (spec 2.4: one base image plus up to 16 layers,
// each a PNG with alpha) as a stack the designer edits in the browser. Every function is pure and
// returns a new stack, so the panel's state, its composite and the exports all read the same value.

/**
 * What the stack needs of an image of a decomposition: its `role` (base or layer), `position` and
 * `layout` (a layer's box on the base in base pixels; null when the upstream gave none, and then the
 * layer covers the whole base).
 */
export type DecomposedImage = Pick<AssetDto, "id" | "url" | "width" | "height" | "role" | "position" | "layout">;

export type LayerItem = {
  assetId: string;
  name: string;
  url: string;
  /** The image's own pixel size, which may differ from its box (spec 4.3: a layer's resolution follows `size`). */
  width: number;
  height: number;
  box: LayerBox;
  visible: boolean;
  /** 0 (transparent) to 1 (opaque). */
  opacity: number;
};

export type LayerStack = {
  /** Always painted first; the designer can hide it or change its opacity, not move it. */
  base: LayerItem;
  /** Paint order: the first is just above the base, the last is on top. */
  layers: LayerItem[];
  /** While one item is soloed, the visibility it replaced, so soloing it again restores it. */
  solo: { assetId: string; previous: Record<string, boolean> } | null;
};

type Size = { width: number; height: number };

const integerBox = (box: LayerBox): LayerBox => ({
  x: Math.round(box.x),
  y: Math.round(box.y),
  width: Math.max(1, Math.round(box.width)),
  height: Math.max(1, Math.round(box.height)),
});

function knownSize(image: DecomposedImage, measured: ReadonlyMap<string, Size> | undefined): Size | undefined {
  if (image.width && image.height) return { width: image.width, height: image.height };
  return measured?.get(image.id);
}

/**
 * The stack of a decomposition: its base (the image with role "base", else the first by position)
 * under its layers in position order. Sizes come from the assets, or from `measured` (natural sizes
 * read in the browser) when an asset has none; undefined until every size is known.
 */
export function stackFromImages(images: readonly DecomposedImage[], measured?: ReadonlyMap<string, Size>): LayerStack | undefined {
  const ordered = [...images].sort((a, b) => a.position - b.position);
  const baseImage = ordered.find((image) => image.role === "base") ?? ordered[0];
  if (!baseImage) return undefined;
  const baseSize = knownSize(baseImage, measured);
  if (!baseSize) return undefined;
  const layers: LayerItem[] = [];
  for (const image of ordered) {
    if (image === baseImage) continue;
    const size = knownSize(image, measured);
    if (!size) return undefined;
    layers.push({
      assetId: image.id,
      name: `Layer ${layers.length + 1}`,
      url: image.url,
      ...size,
      box: integerBox(image.layout ?? { x: 0, y: 0, ...baseSize }),
      visible: true,
      opacity: 1,
    });
  }
  const base: LayerItem = {
    assetId: baseImage.id,
    name: "Base image",
    url: baseImage.url,
    ...baseSize,
    box: { x: 0, y: 0, ...baseSize },
    visible: true,
    opacity: 1,
  };
  return { base, layers, solo: null };
}

const allItems = (stack: LayerStack) => [stack.base, ...stack.layers];

function mapItems(stack: LayerStack, change: (item: LayerItem) => LayerItem): Pick<LayerStack, "base" | "layers"> {
  return { base: change(stack.base), layers: stack.layers.map(change) };
}

/** Shows a hidden item or hides a shown one. A manual change ends a solo: there is nothing left to restore. */
export function toggleVisibility(stack: LayerStack, assetId: string): LayerStack {
  return { ...mapItems(stack, (item) => (item.assetId === assetId ? { ...item, visible: !item.visible } : item)), solo: null };
}

/**
 * Shows only this item. Soloing the soloed item again restores the visibility from before the solo;
 * soloing another one while soloed moves the solo and keeps that same earlier visibility to restore.
 */
export function toggleSolo(stack: LayerStack, assetId: string): LayerStack {
  if (stack.solo?.assetId === assetId) {
    const { previous } = stack.solo;
    return { ...mapItems(stack, (item) => ({ ...item, visible: previous[item.assetId] ?? item.visible })), solo: null };
  }
  const previous = stack.solo?.previous ?? Object.fromEntries(allItems(stack).map((item) => [item.assetId, item.visible]));
  return { ...mapItems(stack, (item) => ({ ...item, visible: item.assetId === assetId })), solo: { assetId, previous } };
}

export function setOpacity(stack: LayerStack, assetId: string, opacity: number): LayerStack {
  const clamped = Number.isFinite(opacity) ? Math.min(1, Math.max(0, opacity)) : 1;
  return { ...stack, ...mapItems(stack, (item) => (item.assetId === assetId ? { ...item, opacity: clamped } : item)) };
}

/** Moves a layer to `index` in paint order (0 = just above the base), clamped to the stack. */
export function moveLayerTo(stack: LayerStack, assetId: string, index: number): LayerStack {
  const from = stack.layers.findIndex((item) => item.assetId === assetId);
  if (from < 0) return stack;
  const to = Math.min(stack.layers.length - 1, Math.max(0, Math.round(index)));
  if (to === from) return stack;
  const layers = [...stack.layers];
  const [moved] = layers.splice(from, 1);
  layers.splice(to, 0, moved);
  return { ...stack, layers };
}

/** "up" paints the layer one step later (over its neighbour), "down" one step earlier. */
export function moveLayer(stack: LayerStack, assetId: string, direction: "up" | "down"): LayerStack {
  const from = stack.layers.findIndex((item) => item.assetId === assetId);
  if (from < 0) return stack;
  return moveLayerTo(stack, assetId, from + (direction === "up" ? 1 : -1));
}

/** Every item in paint order, base first. */
export function paintOrder(stack: LayerStack): LayerItem[] {
  return allItems(stack);
}

/** What the composite shows: the visible items in paint order, base first. */
export function visibleStack(stack: LayerStack): LayerItem[] {
  return allItems(stack).filter((item) => item.visible && item.opacity > 0);
}
