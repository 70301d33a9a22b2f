"use client";

import { useEffect, useRef } from "react";
import { visibleStack, type LayerStack } from "@/lib/layers/layer-stack";
import { checkerboardClass } from "./image-action-icons";

// The preview's canvas stays at most this many pixels on its longer side: enough for any screen,
// and a 36-megapixel base (spec 8's input limit, which `auto` follows) does not cost a redraw per
// slider step. Exports always use the base's full size.
const MAX_PREVIEW_SIDE = 2048;

/**
 * The visible layers painted live, bottom to top, each scaled into its box at its opacity, over a
 * checkerboard that shows where nothing is painted. `data-state` turns "ready" once a frame is drawn
 * with every visible image loaded.
 */
export function LayerComposite({ stack, elements }: { stack: LayerStack; elements: ReadonlyMap<string, CanvasImageSource> }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { width, height } = stack.base.box;
  const scale = Math.min(1, MAX_PREVIEW_SIDE / Math.max(width, height));
  const canvasWidth = Math.max(1, Math.round(width * scale));
  const canvasHeight = Math.max(1, Math.round(height * scale));
  const visible = visibleStack(stack);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingQuality = "high";
    for (const item of visibleStack(stack)) {
      const source = elements.get(item.assetId);
      if (!source) continue;
      context.globalAlpha = item.opacity;
      context.drawImage(source, item.box.x * scale, item.box.y * scale, item.box.width * scale, item.box.height * scale);
    }
    context.globalAlpha = 1;
    canvas.dataset.state = visibleStack(stack).every((item) => elements.has(item.assetId)) ? "ready" : "loading";
  }, [stack, elements, scale, canvasWidth, canvasHeight]);

  const names = visible.map((item) => item.name).join(", ");
  return (
    // A size container, so the canvas can fit both ways while keeping its ratio, growing small bases too.
    <div className="grid h-full w-full place-items-center" style={{ containerType: "size" }}>
      <canvas
        ref={canvasRef}
        width={canvasWidth}
        height={canvasHeight}
        data-testid="layer-composite"
        data-state="loading"
        data-visible-layers={visible.length}
        role="img"
        aria-label={visible.length ? `Composite of ${visible.length} visible: ${names}` : "Composite: every layer is hidden"}
        className={`rounded-sm shadow-sm ring-1 ring-zinc-900/5 dark:ring-white/10 ${checkerboardClass}`}
        style={{ width: `min(100cqw, calc(100cqh * ${width / height}))`, height: "auto" }}
      />
    </div>
  );
}
