const LABEL_MAX_CODE_POINTS = 120;

/** A prompt or message as a job's one-line label: whitespace folded, cut at a whole character. */
export function jobLabel(text: string): string {
  const folded = text.replace(/\s+/g, " ").trim();
  const codePoints = [...folded];
  return codePoints.length <= LABEL_MAX_CODE_POINTS ? folded : `${codePoints.slice(0, LABEL_MAX_CODE_POINTS - 1).join("")}…`;
}
