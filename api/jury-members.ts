import { existsSync, readFileSync } from "node:fs";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { ProtocolEntry } from "../graphs/registry.js";
import { ConfigError } from "../judges/config-error.js";
import { modelLabels, ModelSetting } from "../judges/model-assignment.js";
import { isChatModel } from "./options.js";

/** A jury member as given: a model (`openai:gpt-4o-mini`, or one per role), or with a name, its own server, or a chat model object. */
export type JuryMemberInput = string | { name?: string; model: ModelSetting | BaseChatModel; baseUrl?: string };

/** A member ready to run: a unique name (`meta.scored_by`, `jury.members[].member`) and the settings it overrides. */
export interface JuryMember {
  name: string;
  /** Merged over the run's `configurable` for this member's runs: `model` (and `chatModel`, `baseUrl`). */
  overrides: Record<string, unknown>;
}

const MemberEntry = z.union([z.string().min(1), z.object({ name: z.string().min(1).optional(), model: ModelSetting, baseUrl: z.url().optional() })]);
const JuryFile = z.union([z.array(MemberEntry).min(1), z.object({ members: z.array(MemberEntry).min(1) })]);

/**
 * `--jury`: comma-separated models (`openai:gpt-4o-mini,anthropic:claude-3-5-haiku`), or a YAML/JSON
 * file listing members (`- openai:gpt-4o-mini` or `- {name, model, baseUrl}`; also `{members: [...]}`).
 */
export function readJurySpec(spec: string): JuryMemberInput[] {
  if (!existsSync(spec)) return spec.split(",").map((m) => m.trim()).filter((m) => m !== "");
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(spec, "utf8"));
  } catch (e) {
    throw new ConfigError(`cannot read --jury ${spec}: ${(e as Error).message.split("\n")[0]}`);
  }
  const parsed = JuryFile.safeParse(raw);
  if (!parsed.success) throw new ConfigError(`--jury ${spec}: expected a list of members, each a model ("openai:gpt-4o-mini") or {name, model, baseUrl}`);
  return Array.isArray(parsed.data) ? parsed.data : parsed.data.members;
}

/** Each member's name (its model label unless named; a repeated name gets `#2`, `#3`) and settings. */
export function juryMembers(inputs: readonly JuryMemberInput[], protocol: ProtocolEntry): JuryMember[] {
  if (inputs.length === 0) throw new ConfigError("a jury needs at least one member");
  const seen = new Map<string, number>();
  return inputs.map((input, index) => {
    const entry = typeof input === "string" ? { model: input } : input;
    const chatModel = isChatModel(entry.model) ? entry.model : undefined;
    const setting = chatModel ? (entry.name ?? `member${index + 1}`) : (entry.model as ModelSetting);
    const label = entry.name ?? modelLabels(setting, protocol.roles, protocol.id, chatModel !== undefined).label;
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    const overrides: Record<string, unknown> = { model: setting, ...(chatModel ? { chatModel } : {}), ...(entry.baseUrl ? { baseUrl: entry.baseUrl } : {}) };
    return { name: count === 1 ? label : `${label}#${count}`, overrides };
  });
}
