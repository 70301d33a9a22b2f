// Upload limits per purpose, from the spec: alpha v3 references (4.1: png/jpeg ≤ 10 MB), alpha v3.5
// turn images (4.2 rule 1: png/jpeg ≤ 20 MB), beta inputs (8: ≤ 30 MB, many formats). "MB" is read
// as the stricter decimal megabyte so that whatever we accept the upstream accepts too.
export const uploadPurposes = {
  "alpha-v3": { maxBytes: 10_000_000, mimes: ["image/png", "image/jpeg"] },
  "alpha-v35": { maxBytes: 20_000_000, mimes: ["image/png", "image/jpeg"] },
  beta: {
    maxBytes: 30_000_000,
    mimes: ["image/png", "image/jpeg", "image/webp", "image/bmp", "image/tiff", "image/gif", "image/heic", "image/heif"],
  },
} as const;

export type UploadPurpose = keyof typeof uploadPurposes;

export function isUploadPurpose(value: string | null): value is UploadPurpose {
  return value !== null && value in uploadPurposes;
}

/** Body types the upload route reads: any image type of any purpose, or bytes of unknown type. */
export const UPLOAD_BODY_TYPES: readonly string[] = [
  ...new Set([...Object.values(uploadPurposes).flatMap((purpose) => purpose.mimes), "application/octet-stream"]),
];
