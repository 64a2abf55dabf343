import type { z } from "zod";
import { PROTOCOL_IDS, PROTOCOLS, type ProtocolEntry } from "../graphs/registry.js";
import { ConfigError } from "../judges/config-error.js";

/** Settings a command line cannot use: they need the library (a reviewer callback). */
const LIBRARY_ONLY: Readonly<Record<string, string>> = { humanReview: "needs a `review` callback: use the library's evaluateDialogue(…, { humanReview: true, review })" };

/** `--set key=value`, repeatable: collected as given, checked once the protocol is known. */
export function collectSetting(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** A value as JSON when it reads as JSON (numbers, booleans, `{"strict":0.7,"generous":0.3}`), else the text itself. */
function parseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const settingsList = (schema: z.ZodObject) => Object.keys(schema.shape).filter((key) => !(key in LIBRARY_ONLY));

/**
 * The protocol's own settings from `--set key=value` entries, checked against its schema (graphs/registry.ts
 * `settings`): an unknown key or a bad value is a ConfigError naming the protocol's settings.
 */
export function protocolSettings(entries: readonly string[], protocol: ProtocolEntry): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  const known = settingsList(protocol.settings);
  for (const entry of entries) {
    const equals = entry.indexOf("=");
    if (equals <= 0) throw new ConfigError(`--set ${entry}: write key=value, e.g. --set ${known[0] ?? "margin"}=0.1`);
    const key = entry.slice(0, equals).trim();
    const reason = LIBRARY_ONLY[key];
    if (reason) throw new ConfigError(`--set ${key}: ${reason}`);
    if (!known.includes(key)) {
      throw new ConfigError(`--set ${key}: the ${protocol.id} protocol has ${known.length > 0 ? `these settings: ${known.join(", ")}` : "no settings of its own"} (see tribunal evaluate --help)`);
    }
    settings[key] = parseValue(entry.slice(equals + 1).trim());
  }
  const checked = protocol.settings.partial().safeParse(settings);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new ConfigError(`--set ${String(issue?.path[0] ?? "")}: ${issue?.message ?? "invalid value"}`);
  }
  return settings;
}

/** Each protocol's settings with their descriptions and defaults, for `--help`. */
export function settingsHelp(): string {
  return PROTOCOL_IDS.flatMap((id) => {
    const schema: z.ZodObject = PROTOCOLS[id].settings;
    const defaults = schema.parse({}) as Record<string, unknown>;
    return settingsList(schema).map((key) => `  ${id} ${key} (default ${JSON.stringify(defaults[key])}): ${schema.shape[key]?.description ?? ""}`);
  }).join("\n");
}
