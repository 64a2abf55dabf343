import { AsyncLocalStorage } from "node:async_hooks";
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { BaseChatModel, type BaseChatModelCallOptions, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import type { BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import type { Dialogue } from "../dialogues/dialogue.js";
import type { ProtocolEntry } from "../graphs/registry.js";
import type { Configuration } from "../judges/configuration.js";
import { resolvedConfigurationOf, withResolvedConfiguration } from "../judges/run-configuration.js";
import { resolveRun } from "./builders.js";
import { tracingEnabled } from "../judges/tracing-env.js";
import { bytesWithin, cachedCounter, requestTokens, type TextCounter, type ToolLike } from "./token-count.js";

/** One request a protocol would send for a dialogue: the role that sends it and its estimated input tokens. */
export interface ProbedRequest {
  role: string;
  /** Its input tokens; with `exact: false`, for a request within the limit, its UTF-8 size (an upper bound) instead. */
  inputTokens: number;
}

export interface ProbeResult {
  /** Every request of the path taken, in the order they were made (stops at the first one over `stopAbove`). */
  requests: ProbedRequest[];
  /** The first request over `stopAbove`; its count is only known to be above it. */
  over: ProbedRequest | undefined;
}

/** Which path of a protocol a probe takes (the same one for a protocol whose calls never vary). */
export type ProbePath = "shortest" | "longest";

interface Sink {
  requests: ProbedRequest[];
  count: TextCounter;
  stopAbove: number;
  /** false: a request whose UTF-8 size is within `stopAbove` is not tokenized (a token is at least one byte). */
  exact: boolean;
  over: ProbedRequest | undefined;
  stop: AbortController;
}

/** The probe a request belongs to: each probe runs in its own async context, so dialogues can be probed concurrently. */
const SINK = new AsyncLocalStorage<Sink>();

/** What the recording model answers: nothing, so the call falls back to the offline judge's answer. */
function notSent(): Error {
  return Object.assign(new Error("size probe: request counted, not sent"), { name: "SizeProbeNotSent" });
}

function record(role: string, messages: readonly BaseMessage[], tools: readonly ToolLike[]): never {
  const sink = SINK.getStore();
  if (!sink) throw new Error("size probe: the recording model was called outside a probe");
  const request = { role, inputTokens: sink.exact ? requestTokens(messages, tools, sink.count) : (bytesWithin(messages, tools, sink.stopAbove) ?? requestTokens(messages, tools, sink.count)) };
  sink.requests.push(request);
  if (request.inputTokens > sink.stopAbove && !sink.over) {
    sink.over = request;
    // Nothing after this request matters: end the run before the offline judge reads a huge dialogue.
    sink.stop.abort(Object.assign(new Error("size probe: over the limit"), { name: "SizeProbeStopped" }));
  }
  throw notSent();
}

interface RecorderOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
}

/** The forced tool's name: `tool_choice` as a name or as `{ type: "function", function: { name } }`. */
function forcedTool(choice: unknown): string | undefined {
  if (typeof choice === "string") return choice;
  const name = (choice as { function?: { name?: unknown } } | undefined)?.function?.name;
  return typeof name === "string" ? name : undefined;
}

/**
 * A chat model that sends nothing: it counts the tokens of each request it is given (messages and
 * the tools or schema bound to it) and fails the call, so `runAgent` takes the offline judge's
 * answer and the protocol goes on to its next call with the prompts a real run would build.
 */
class RecordingChatModel extends BaseChatModel<RecorderOptions> {
  _llmType(): string {
    return "tribunal-size-probe";
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    const tools = (options.tools ?? []) as unknown as ToolLike[];
    return record(forcedTool(options.tool_choice) ?? "call", messages, tools);
  }

  // The calls `runAgent` makes: a bare `invoke`, without a chat model run's callbacks (the probe is not traced anyway).
  override bindTools(tools: BindToolsInput[], kwargs?: Partial<RecorderOptions>): never {
    const role = forcedTool(kwargs?.tool_choice) ?? "call";
    return { invoke: async (messages: BaseMessage[]) => record(role, messages, tools as unknown as ToolLike[]) } as never;
  }

  // The json_schema path: the schema travels as `response_format`, counted like one tool.
  override withStructuredOutput(schema: unknown, config?: { name?: string }): never {
    const name = config?.name ?? "extract";
    const tools = [{ name, schema }];
    return { invoke: async (messages: BaseMessage[]) => record(name, messages, tools) } as never;
  }
}

/**
 * Stands in for LangSmith's tracer in a probe's callbacks, and traces nothing: LangChain adds its
 * tracer (LANGSMITH_TRACING=true) only when no handler of this name is there. The two methods are
 * the ones LangChain calls on a handler of that name; with no run tree, a run's children carry no
 * tracing context either.
 */
class NoTracing extends BaseCallbackHandler {
  name = "langchain_tracer";
  getRunTreeWithTracingConfig(): undefined {
    return undefined;
  }
  updateFromRunTree(): void {}
}

/**
 * Runs `fn` outside any caller's run (an empty async-local store: no parent run tree, no inherited
 * config or callbacks), so a probe inside a traced run is not attached to it.
 */
function detached<T>(fn: () => Promise<T>): Promise<T> {
  return AsyncLocalStorageProviderSingleton.getInstance().run({}, fn);
}

export interface SizeProbe {
  /** The probe's configuration (rubric, settings) on the shortest path; its judge is the recording model. */
  readonly configuration: Configuration;
  /** Whether the protocol's number of calls depends on the answers (then the shortest and longest paths differ). */
  readonly variablePath: boolean;
  /** The requests a dialogue's judgement would send on that path; with `stopAbove`, it stops at the first request over it. */
  run(dialogue: Dialogue, options: { path: ProbePath; stopAbove?: number | undefined; exact?: boolean }): Promise<ProbeResult>;
}

/**
 * Runs the protocol's own graph on a dialogue with a recording model in place of the judge: every
 * prompt is the one a real run would send (the later calls see the offline judge's earlier
 * answers), nothing leaves the process, no `--rpm` slot is taken, no retry and no pause for a human
 * reviewer happens, and nothing is traced.
 */
export function createSizeProbe(protocol: ProtocolEntry, configurable: Record<string, unknown>): SizeProbe {
  const recorder = new RecordingChatModel({});
  // No `--rpm` slot and no failure count for the run's call breaker: the probe's calls are not requests.
  const { callGate: _gate, callBreaker: _breaker, ...settings } = configurable;
  const base = { ...settings, chatModel: recorder, onFailure: "fallback", maxRetries: 0, humanReview: false };
  // A protocol whose calls vary names the settings of its shortest and longest path (registry `paths`).
  const paths = protocol.paths;
  // Resolved once per path, as a run does, so no node resolves it again per dialogue.
  const resolve = (raw: Record<string, unknown>) => withResolvedConfiguration(raw, resolveRun(protocol, raw));
  const shortest = resolve({ ...base, ...paths?.shortest });
  const configurables: Record<ProbePath, Record<string, unknown>> = { shortest, longest: paths ? resolve({ ...base, ...paths.longest }) : shortest };
  const graph = protocol.build().compile();
  return {
    configuration: resolvedConfigurationOf(shortest) as Configuration,
    variablePath: paths !== undefined,
    async run(dialogue, options) {
      const stopAbove = options.stopAbove ?? Number.POSITIVE_INFINITY;
      const sink: Sink = { requests: [], count: cachedCounter(stopAbove), stopAbove, exact: options.exact !== false, over: undefined, stop: new AbortController() };
      // Without tracing, no handler at all: any handler makes LangChain build a run for every step.
      const config = { ...protocol.runConfig, configurable: configurables[options.path], signal: sink.stop.signal, ...(tracingEnabled() ? { callbacks: [new NoTracing()] } : {}) };
      try {
        await detached(() => SINK.run(sink, () => graph.invoke({ dialogue }, config)));
      } catch (e) {
        if (!sink.over) throw e;
      }
      return { requests: sink.requests, over: sink.over };
    },
  };
}
