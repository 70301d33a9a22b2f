import "server-only";
import { loadOrCreateSecrets } from "./secrets";
import { InvalidEnvironmentError, settings, type Settings } from "./settings";

export type StudioEnv = Settings & { AUTH_SECRET: string; ASSET_SIGNING_KEY: string };

let cached: StudioEnv | undefined;

/** The settings plus the two signing secrets, generated into the data directory when not given. */
export function env(): StudioEnv {
  if (cached) return cached;
  const parsed = settings();
  const needsGenerated = !parsed.AUTH_SECRET || !parsed.ASSET_SIGNING_KEY;
  const generated = needsGenerated ? loadOrCreateSecrets() : undefined;
  cached = {
    ...parsed,
    AUTH_SECRET: parsed.AUTH_SECRET ?? generated!.authSecret,
    ASSET_SIGNING_KEY: parsed.ASSET_SIGNING_KEY ?? generated!.assetSigningKey,
  };
  return cached;
}

/** The image endpoints' address and key: required by the image features only, when first used. */
export function imageUpstreamConfig() {
  const { IMAGE_API_BASE_URL, IMAGE_API_KEY } = settings();
  if (!IMAGE_API_BASE_URL || !IMAGE_API_KEY) {
    throw new InvalidEnvironmentError("IMAGE_API_BASE_URL and IMAGE_API_KEY must be set (npm start sets them to the emulator)");
  }
  return { imageBaseUrl: IMAGE_API_BASE_URL, imageApiKey: IMAGE_API_KEY };
}
