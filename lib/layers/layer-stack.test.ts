import { describe, expect, it } from "vitest";
import { moveLayer, moveLayerTo, paintOrder, setOpacity, stackFromImages, toggleSolo, toggleVisibility, visibleStack, type DecomposedImage, type LayerStack } from "./layer-stack";

const image = (id: string, role: DecomposedImage["role"], position: number, layout: DecomposedImage["layout"] = null): DecomposedImage => ({
  id,
  url: `/api/assets/${id}`,
  width: role === "base" ? 200 : 64,
  height: role === "base" ? 100 : 32,
  role,
  position,
  layout,
});

const images = [
  image("l2", "layer", 2, { x: 50, y: 10, width: 40.4, height: 20.6 }),
  image("base", "base", 0),
  image("l1", "layer", 1, { x: 0, y: 0, width: 30, height: 30 }),
  image("l3", "layer", 3),
];

function stack(): LayerStack {
  const built = stackFromImages(images);
  if (!built) throw new Error("no stack");
  return built;
}

const ids = (items: { assetId: string }[]) => items.map((item) => item.assetId);
const visibility = (current: LayerStack) => Object.fromEntries(paintOrder(current).map((item) => [item.assetId, item.visible]));

describe("the layer stack of a decomposition (spec 2.4: one base image plus its layers)", () => {
  it("puts the base under the layers in position order, with names, sizes and boxes", () => {
    const built = stack();
    expect(built.base).toMatchObject({ assetId: "base", name: "Base image", width: 200, height: 100, box: { x: 0, y: 0, width: 200, height: 100 } });
    expect(ids(built.layers)).toEqual(["l1", "l2", "l3"]);
    expect(built.layers.map((item) => item.name)).toEqual(["Layer 1", "Layer 2", "Layer 3"]);
    // A fractional box is rounded to whole base pixels; a layer without a box covers the base.
    expect(built.layers[1]).toMatchObject({ width: 64, height: 32, box: { x: 50, y: 10, width: 40, height: 21 } });
    expect(built.layers[2].box).toEqual({ x: 0, y: 0, width: 200, height: 100 });
    expect(paintOrder(built).every((item) => item.visible && item.opacity === 1)).toBe(true);
  });

  it("takes the first image by position as the base when none has the base role", () => {
    const built = stackFromImages(images.map((each) => ({ ...each, role: null })));
    expect(built?.base.assetId).toBe("base");
  });

  it("waits for measured sizes when an asset has none, then uses them", () => {
    const unsized = images.map((each) => (each.id === "l1" ? { ...each, width: null, height: null } : each));
    expect(stackFromImages(unsized)).toBeUndefined();
    expect(stackFromImages(unsized, new Map([["l1", { width: 10, height: 12 }]]))?.layers[0]).toMatchObject({ width: 10, height: 12 });
    expect(stackFromImages([])).toBeUndefined();
  });

  it("toggles one item's visibility and leaves the others alone", () => {
    const hidden = toggleVisibility(stack(), "l2");
    expect(visibility(hidden)).toEqual({ base: true, l1: true, l2: false, l3: true });
    expect(ids(visibleStack(hidden))).toEqual(["base", "l1", "l3"]);
    expect(visibility(toggleVisibility(hidden, "l2")).l2).toBe(true);
    expect(visibility(toggleVisibility(stack(), "base")).base).toBe(false);
  });

  it("solo shows only that item, and soloing it again restores the visibility from before", () => {
    const before = toggleVisibility(stack(), "l3");
    const soloed = toggleSolo(before, "l1");
    expect(visibility(soloed)).toEqual({ base: false, l1: true, l2: false, l3: false });
    expect(ids(visibleStack(soloed))).toEqual(["l1"]);
    const restored = toggleSolo(soloed, "l1");
    expect(visibility(restored)).toEqual({ base: true, l1: true, l2: true, l3: false });
    expect(restored.solo).toBeNull();
  });

  it("moving the solo to another item still restores the visibility from before the first solo", () => {
    const before = toggleVisibility(stack(), "l2");
    const moved = toggleSolo(toggleSolo(before, "l1"), "l3");
    expect(visibility(moved)).toEqual({ base: false, l1: false, l2: false, l3: true });
    expect(visibility(toggleSolo(moved, "l3"))).toEqual(visibility(before));
  });

  it("a visibility change while soloed ends the solo", () => {
    const changed = toggleVisibility(toggleSolo(stack(), "l1"), "l2");
    expect(changed.solo).toBeNull();
    expect(visibility(changed)).toEqual({ base: false, l1: true, l2: true, l3: false });
    // Soloing afterwards starts from the visibility as it now is.
    expect(visibility(toggleSolo(toggleSolo(changed, "l2"), "l2"))).toEqual(visibility(changed));
  });

  it("sets opacity within 0..1 and leaves fully transparent items out of the composite", () => {
    expect(paintOrder(setOpacity(stack(), "l2", 0.35)).find((item) => item.assetId === "l2")?.opacity).toBe(0.35);
    expect(setOpacity(stack(), "l2", 7).layers[1].opacity).toBe(1);
    expect(setOpacity(stack(), "l2", -1).layers[1].opacity).toBe(0);
    expect(setOpacity(stack(), "base", 0.5).base.opacity).toBe(0.5);
    expect(ids(visibleStack(setOpacity(stack(), "l2", 0)))).toEqual(["base", "l1", "l3"]);
  });

  it("moves layers up and down in paint order, never past the ends nor under the base", () => {
    expect(ids(moveLayer(stack(), "l1", "up").layers)).toEqual(["l2", "l1", "l3"]);
    expect(ids(moveLayer(stack(), "l3", "down").layers)).toEqual(["l1", "l3", "l2"]);
    expect(ids(moveLayer(stack(), "l3", "up").layers)).toEqual(["l1", "l2", "l3"]);
    expect(ids(moveLayer(stack(), "l1", "down").layers)).toEqual(["l1", "l2", "l3"]);
    expect(moveLayer(stack(), "base", "up").base.assetId).toBe("base");
    expect(ids(moveLayerTo(stack(), "l3", 0).layers)).toEqual(["l3", "l1", "l2"]);
    expect(ids(moveLayerTo(stack(), "l1", 99).layers)).toEqual(["l2", "l3", "l1"]);
    expect(ids(visibleStack(moveLayerTo(stack(), "l3", 0)))).toEqual(["base", "l3", "l1", "l2"]);
  });

  it("keeps each item's settings when it moves", () => {
    const moved = moveLayerTo(setOpacity(toggleVisibility(stack(), "l1"), "l1", 0.2), "l1", 2);
    expect(moved.layers[2]).toMatchObject({ assetId: "l1", visible: false, opacity: 0.2, name: "Layer 1" });
  });
});
