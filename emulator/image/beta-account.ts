import type { EmulatorConfig } from "../core/config";
import { betaError } from "./errors";

// The account behind a beta key (spec 7.2 names CreditInsufficient, ModelUnavailable and Forbidden
// but not their rules; our choice): a configurable credit balance counted in generated images, models
// switched off, and keys that authenticate but may not use beta. Consumption lives here, the limits
// in the config, so a reset gives the full balance back.
export class BetaAccount {
  private used = 0;

  constructor(private readonly config: EmulatorConfig) {}

  /** Refuses a request the account may not make, before any work is done. */
  admit(apiKey: string, model: string): void {
    const { credits, unavailableModels, forbiddenKeys } = this.config.beta;
    if (forbiddenKeys.includes(apiKey)) throw betaError("Forbidden", "this key may not use the beta endpoint");
    if (unavailableModels.includes(model)) throw betaError("ModelUnavailable", `${model} is unavailable right now`, "model");
    if (credits !== null && this.used >= credits) throw betaError("CreditInsufficient", "the account has no credit left");
  }

  /** Bills the images of a successful answer. */
  charge(images: number): void {
    this.used += images;
  }

  reset(): void {
    this.used = 0;
  }
}
