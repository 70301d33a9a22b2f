// How many images one click on the alpha v3 or beta form may ask for. Zod-free, so the forms' controls
// load without zod; lib/images/variations checks requests against it.
export const MAX_VARIATIONS = 4;
