/** An image's width and height in pixels. */
export type PixelSize = { width: number; height: number };
