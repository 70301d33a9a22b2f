import { scrollMotion } from "./motion";

// Brings a form element into view and returns it (to focus). "nearest": on wide screens a sticky
// form panel is already in view, so only its own scroll moves and the results stay where the
// designer clicked; on phones the page scrolls up to the field.
export function reveal(elementId: string): HTMLElement | null {
  const element = document.getElementById(elementId);
  element?.scrollIntoView({ block: "nearest", behavior: scrollMotion() });
  return element;
}
