import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { ConfigError } from "./config-error.js";
import { formatModelSpec, parseModelSpec, type ModelSpec } from "./model-spec.js";

/**
 * `model`: one model for every agent (`openai:gpt-4o`), or one per role, written
 * `evaluator=openai:gpt-4o,critic=anthropic:claude-sonnet-4-5` (an entry without a role is the
 * default for the roles not named) or, from a file or in process, `{ default?, <role>: <model> }`.
 */
export const ModelSetting = z.union([z.string(), z.record(z.string(), z.string())]);
export type ModelSetting = z.infer<typeof ModelSetting>;

const DEFAULT_KEY = "default";

/** The model each of a protocol's roles is answered by. */
export interface ModelAssignment {
  byRole: Readonly<Record<string, ModelSpec>>;
  /**
   * `meta.model`: the model when every role has the same one, else `role=model` per role in the
   * protocol's order (`evaluator=openai:gpt-4o,critic=anthropic:…,referee=openai:gpt-4o`).
   */
  label: string;
}

/** `role=model` entries (or a bare default) of the string form, as the object form. */
function entriesOf(setting: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const raw of setting.split(",")) {
    const entry = raw.trim();
    if (entry === "") continue;
    const equals = entry.indexOf("=");
    const colon = entry.indexOf(":");
    // `openai:name=x` is a model whose name has an `=`; `critic=anthropic:x` names a role.
    const named = equals > 0 && (colon < 0 || equals < colon);
    const key = named ? entry.slice(0, equals).trim() : DEFAULT_KEY;
    if (key in entries) throw new ConfigError(`model "${setting}": ${key === DEFAULT_KEY ? "more than one model without a role" : `the role ${key} is given twice`}`);
    entries[key] = named ? entry.slice(equals + 1).trim() : entry;
  }
  return entries;
}

/**
 * Which model answers each role of a protocol. Every role needs a model: a default, or its own entry;
 * a role the protocol does not have is refused, naming the ones it has.
 */
export function assignModels(setting: ModelSetting, roles: readonly string[], protocol: string): ModelAssignment {
  const entries = typeof setting === "string" ? entriesOf(setting) : { ...setting };
  if (typeof setting === "string" && Object.keys(entries).length === 0) entries[DEFAULT_KEY] = "offline";
  const unknown = Object.keys(entries).filter((key) => key !== DEFAULT_KEY && !roles.includes(key));
  if (unknown.length > 0) throw new ConfigError(`model: the ${protocol} protocol has no role ${unknown.join(", ")}; its roles: ${roles.join(", ")}`);
  const fallback = entries[DEFAULT_KEY];
  const byRole: Record<string, ModelSpec> = {};
  for (const role of roles) {
    const spec = entries[role] ?? fallback;
    if (spec === undefined) {
      throw new ConfigError(`model: no model for the ${role} role; name one for every role of ${protocol} (${roles.join(", ")}) or add a default, e.g. "openai:gpt-4o-mini,${role}=anthropic:claude-sonnet-4-5"`);
    }
    byRole[role] = parseModelSpec(spec);
  }
  const labels = roles.map((role) => formatModelSpec(byRole[role] as ModelSpec));
  const single = new Set(labels).size <= 1;
  return { byRole, label: single ? (labels[0] ?? "offline") : roles.map((role, i) => `${role}=${labels[i]}`).join(",") };
}

/** A model file (`--models`): YAML or JSON, `{ default?: <model>, <role>: <model>, … }`. */
export function loadModelFile(path: string): Record<string, string> {
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(path, "utf8"));
  } catch (e) {
    throw new ConfigError(`cannot read --models ${path}: ${(e as Error).message.split("\n")[0]}`);
  }
  const parsed = z.record(z.string(), z.string().min(1)).safeParse(raw);
  if (!parsed.success || Object.keys(parsed.data).length === 0) {
    throw new ConfigError(`--models ${path}: expected a map of role to model, e.g. {"default": "openai:gpt-4o-mini", "critic": "anthropic:claude-sonnet-4-5"}`);
  }
  return parsed.data;
}

/** Each role's model label and the run's `meta.model`, as every line records them. */
export interface ModelLabels {
  label: string;
  byRole: Readonly<Record<string, string>>;
}

/**
 * The labels of a run's models, read from its settings without building any client: an injected chat
 * model answers every role and is labelled by the model setting when it names one (else `injected`);
 * otherwise each role's assigned model.
 */
export function modelLabels(setting: ModelSetting, roles: readonly string[], protocol: string, injected: boolean): ModelLabels {
  if (injected) {
    const label = typeof setting === "string" && setting !== "offline" ? setting : "injected";
    return { label, byRole: Object.fromEntries(roles.map((r) => [r, label])) };
  }
  const assignment = assignModels(setting, roles, protocol);
  return { label: assignment.label, byRole: Object.fromEntries(Object.entries(assignment.byRole).map(([role, spec]) => [role, formatModelSpec(spec)])) };
}
