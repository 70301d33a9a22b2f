const NUMBER_WORDS = [
  "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
  "fourteen", "fifteen",
];

const GROUP_PATTERN = new RegExp(
  `\\b(\\d{1,2}|${NUMBER_WORDS.join("|")})\\s+(?:[a-z-]+\\s+)?(images|pictures|panels|frames|shots|variations|illustrations|photos|scenes)\\b`,
  "i",
);

/**
 * Spec 4.3 sequential_image_generation "auto": the model decides the group size. Our choice:
 * the number the prompt asks for ("4 images", "three panels"), capped at max_images; a prompt
 * that asks for no number gets a single image.
 */
export function groupSize(prompt: string, maxImages: number): number {
  const match = GROUP_PATTERN.exec(prompt);
  if (!match) return 1;
  const word = match[1].toLowerCase();
  const stated = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word) + 1;
  return Math.min(maxImages, Math.max(1, stated));
}
