import type { RunnableConfig } from "@langchain/core/runnables";
import { ConfigurationSchema, rawConfigurable, resolveConfiguration, type Configuration, type ProtocolDefaults } from "./configuration.js";

/** Where a configuration resolved once per run travels to the nodes (an in-process object, like `chatModel`). */
const RESOLVED_KEY = "resolvedConfiguration";

/** The settings a configuration was resolved from: a node reuses it only while its run's settings are the same. */
const SOURCES = new WeakMap<Configuration, Record<string, unknown>>();

/** The keys that decide a configuration (a per-invocation override of any of them resolves anew). */
const DECIDING_KEYS = [...Object.keys(ConfigurationSchema.shape), "chatModel"];

function isConfiguration(value: unknown): value is Configuration {
  return typeof value === "object" && value !== null && "protocol" in value && "rubric" in value && "modelLabel" in value;
}

function sameSettings(raw: Record<string, unknown>, source: Record<string, unknown> | undefined): boolean {
  return source !== undefined && DECIDING_KEYS.every((key) => Object.is(raw[key], source[key]));
}

/**
 * The run's configuration: the one resolved for the whole run when the caller attached it
 * (`withResolvedConfiguration`) and the run's settings are still those, else every default filled
 * from `config.configurable` (and `config.context`), in one place.
 */
export function ensureConfiguration(config: RunnableConfig | undefined, defaults: ProtocolDefaults): Configuration {
  const raw = rawConfigurable(config);
  const resolved = raw[RESOLVED_KEY];
  if (isConfiguration(resolved) && resolved.protocol === defaults.protocol && sameSettings(raw, SOURCES.get(resolved))) return resolved;
  return resolveConfiguration(raw, defaults);
}

/** `configurable` carrying the configuration resolved from it once, so no node resolves it again. */
export function withResolvedConfiguration(configurable: Record<string, unknown>, configuration: Configuration): Record<string, unknown> {
  SOURCES.set(configuration, configurable);
  return { ...configurable, [RESOLVED_KEY]: configuration };
}

/** The configuration a run's `configurable` carries, if it was resolved once for the run. */
export function resolvedConfigurationOf(configurable: Record<string, unknown> | undefined): Configuration | undefined {
  const resolved = configurable?.[RESOLVED_KEY];
  return isConfiguration(resolved) ? resolved : undefined;
}

/** A configuration with a protocol's own fields added; the judge stays lazy (a spread would build the model). */
export function extendConfiguration<E extends object>(base: Configuration, extra: E): Configuration & E {
  return Object.defineProperties({ ...extra }, Object.getOwnPropertyDescriptors(base)) as Configuration & E;
}
