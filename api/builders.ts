import { MemorySaver } from "@langchain/langgraph";
import { ConfigError } from "../judges/config-error.js";
import type { Configuration } from "../judges/configuration.js";
import { protocolSettings } from "../judges/protocol-settings.js";
import { ensureConfiguration, withResolvedConfiguration } from "../judges/run-configuration.js";
import { PROTOCOLS, PROTOCOL_IDS, type CompiledJudge, type ProtocolEntry, type ProtocolId, type Protocols } from "../graphs/registry.js";
import { toConfigurable, wantsHumanReview, type CreateJudgeOptions, type JudgeOptions, type ProtocolOptions } from "./options.js";

/** The registry entry of a protocol named at run time (a JavaScript caller may pass any string). */
export function protocolOf(id: string): ProtocolEntry {
  const known = PROTOCOL_IDS.find((p) => p === id);
  if (!known) throw new ConfigError(`unknown protocol ${id}; protocols: ${PROTOCOL_IDS.join(", ")}`);
  return PROTOCOLS[known];
}

/**
 * Resolves a run's configuration once: rubric (and that it is written for this protocol), model,
 * the protocol's own settings and rubric needs. Bad settings fail here, before any dialogue.
 */
export function resolveRun(entry: ProtocolEntry, configurable: Record<string, unknown>): Configuration {
  const config = { configurable };
  protocolSettings(config, entry.settings, entry.id);
  const configuration = ensureConfiguration(config, { protocol: entry.id, defaultRubric: entry.defaultRubric, roles: entry.roles, known: PROTOCOL_IDS });
  entry.checkRubric(configuration.rubric);
  return configuration;
}

/** A graph's compiled type, with its options bound. */
type BoundGraph<P extends ProtocolId> = ReturnType<ReturnType<Protocols[P]["build"]>["compile"]>;

/** The compiled graph `createJudge` returns for each protocol. */
export type JudgeGraphs = { [P in ProtocolId]: BoundGraph<P> };

function compileBound(entry: ProtocolEntry, options: JudgeOptions) {
  const settings = toConfigurable(options);
  // Resolved once, bound with the graph: its nodes reuse it unless a run overrides a setting.
  const configurable = withResolvedConfiguration(settings, resolveRun(entry, settings));
  const checkpointer = options.checkpointer ?? (wantsHumanReview(options) ? new MemorySaver() : undefined);
  const graph = entry.build().compile(checkpointer ? { checkpointer } : {});
  return { graph, config: { configurable, ...entry.runConfig } };
}

/** One entry point for every protocol: `createJudge({ protocol: "consensus", model: "openai:gpt-4o-mini" })`. */
export function createJudge<P extends ProtocolId>(options: { protocol: P } & ProtocolOptions[P]): JudgeGraphs[P];
export function createJudge(options: CreateJudgeOptions): CompiledJudge {
  const { protocol, ...rest } = options;
  const entry = protocolOf(protocol);
  const { graph, config } = compileBound(entry, rest);
  const bound = graph.withConfig(config);
  bound.name = entry.id;
  return bound;
}

/** The panel graph (evaluator → critic → referee → score) with these options bound. */
export const createPanelGraph = (options: ProtocolOptions["panel"] = {}) => createJudge({ ...options, protocol: "panel" });
/** The consensus graph (strict ∥ generous → debate → consensus [→ human_review]) with these options bound. */
export const createConsensusGraph = (options: ProtocolOptions["consensus"] = {}) => createJudge({ ...options, protocol: "consensus" });
/** The checklist graph (one assessor per criterion → gate → score) with these options bound. */
export const createChecklistGraph = (options: ProtocolOptions["checklist"] = {}) => createJudge({ ...options, protocol: "checklist" });
/** The barem graph (one judge with the detailed barem → score) with these options bound. */
export const createBaremGraph = (options: ProtocolOptions["barem"] = {}) => createJudge({ ...options, protocol: "barem" });
