/**
 * How the studio's own scrolls move: smoothly, unless the designer's system asks for less motion.
 * Browsers apply that preference to CSS, not to a scroll asked for from script.
 */
export function scrollMotion(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "smooth";
}
