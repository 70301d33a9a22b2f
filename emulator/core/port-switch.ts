/** The emulator's three ports, each one upstream service. */
export const PORT_NAMES = ["image", "agent", "inference"] as const;
export type PortName = (typeof PORT_NAMES)[number];

type PortState = "listening" | "stopped";

/**
 * Stops and starts the emulator's ports, for outage tests. A stopped port refuses connections like
 * a service that is down; the emulator's state behind it (files, jobs, config) is kept.
 */
export interface PortSwitch {
  states(): Record<PortName, PortState>;
  stop(name: PortName): Promise<void>;
  start(name: PortName): Promise<void>;
}
