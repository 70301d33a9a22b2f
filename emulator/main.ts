// `npm run emulator`: starts the three upstream services and prints their URLs as one JSON line.
import { z } from "zod";
import { startEmulator } from "./core/server";

const portSchema = z.coerce.number().int().min(0).max(65535);
const envSchema = z.object({
  EMULATOR_IMAGE_PORT: portSchema.default(4010),
  EMULATOR_AGENT_PORT: portSchema.default(4020),
  EMULATOR_INFERENCE_PORT: portSchema.default(4030),
  EMULATOR_HOST: z.string().min(1).default("127.0.0.1"),
});

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  console.error(`Invalid emulator environment: ${problems.join("; ")}`);
  process.exit(1);
}
const env = parsed.data;

const emulator = await startEmulator({
  host: env.EMULATOR_HOST,
  ports: { image: env.EMULATOR_IMAGE_PORT, agent: env.EMULATOR_AGENT_PORT, inference: env.EMULATOR_INFERENCE_PORT },
});
console.log(JSON.stringify(emulator.urls));

let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  await emulator.close();
  console.error(`emulator stopped (${signal})`);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
