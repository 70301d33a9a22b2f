/** Length in Unicode code points, as the spec counts footnote characters (spec 4.2). */
export const codePointLength = (text: string) => Array.from(text).length;

/** The first `max` code points, with an ellipsis when cut. */
export function truncateCodePoints(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join("")}…`;
}

/** Rough token count (about four characters per token) for usage figures and the 100k-token limit. */
export const estimateTokens = (text: string) => Math.ceil(codePointLength(text) / 4);

/** Tokens billed for an output image: one per 1024 pixels (our choice; the real rate is not shown). */
export const imageTokens = (width: number, height: number) => Math.ceil((width * height) / 1024);
