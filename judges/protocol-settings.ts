import type { RunnableConfig } from "@langchain/core/runnables";
import type { z } from "zod";
import { ConfigError } from "./config-error.js";
import { rawConfigurable } from "./configuration.js";

/** A protocol's own settings (its zod schema's keys only), from `config.configurable` and `config.context`. */
export function protocolSettings<S extends z.ZodObject>(config: RunnableConfig | undefined, schema: S, protocol: string): z.infer<S> {
  const raw = rawConfigurable(config);
  const picked = Object.fromEntries(Object.keys(schema.shape).filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]]));
  const parsed = schema.safeParse(picked);
  if (!parsed.success) throw new ConfigError(`bad ${protocol} configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}
