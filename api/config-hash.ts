import { createHash } from "node:crypto";
import type { ProtocolId as Protocol } from "../graphs/registry.js";
import { PROMPT_VERSION } from "../judges/prompt/version.js";
import type { Rubric } from "../rubrics/schema.js";

/** Configurable keys that change how a run behaves, not what a line says: left out of the hash. */
const OPERATIONAL = new Set(["model", "rubric", "baseUrl", "timeoutMs", "maxRetries", "onFailure", "retryBaseMs", "retryMaxMs", "maxRetryAfterMs", "maxInputTokens", "outputMode"]);

/** Everything that changes a result line's scores; its hash is each line's `meta.config_hash`. */
export interface ConfigIdentity {
  protocol: Protocol;
  rubric: string;
  rubric_sha256: string;
  model: string;
  prompt_version: string;
  settings: Record<string, unknown>;
}

/** JSON data (numbers, strings, booleans, null, arrays and plain objects of them): not a model, a gate or a function. */
export function isPlainData(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value as object).every(isPlainData);
  return false;
}

/** JSON with object keys sorted at every level, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export interface IdentityInput {
  protocol: Protocol;
  rubric: Rubric;
  modelLabel: string;
  blind: boolean;
  temperature: number;
  samples: number;
  /** The run's `configurable`: any other data setting (a protocol's tolerance, rounds, weights, …) counts too. */
  configurable?: Record<string, unknown>;
}

export function configIdentity(input: IdentityInput): ConfigIdentity {
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input.configurable ?? {})) {
    if (!OPERATIONAL.has(key) && isPlainData(value)) settings[key] = value;
  }
  Object.assign(settings, { blind: input.blind, temperature: input.temperature, samples: input.samples });
  return {
    protocol: input.protocol,
    rubric: input.rubric.id,
    rubric_sha256: sha256(canonicalJson(input.rubric)),
    model: input.modelLabel,
    prompt_version: PROMPT_VERSION,
    settings,
  };
}

/** 16 hex digits of the identity's SHA-256: `meta.config_hash`. */
export function configHash(identity: ConfigIdentity): string {
  return sha256(canonicalJson(identity)).slice(0, 16);
}
