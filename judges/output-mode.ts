import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { RunnableLambda, type Runnable, type RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import { OUTPUT_MODES, rawConfigurable } from "./configuration.js";
import type { LlmJudge } from "./judge.js";
import { schemaInstructions } from "./prompt/schema-instructions.js";
import { withCacheBreakpoint } from "./providers/anthropic.js";
import { directRequestOf } from "./providers/openai.js";
import { memoByObject } from "../util/memo.js";
import { somethingListens } from "./listeners.js";

export { OUTPUT_MODES };
export type OutputMode = (typeof OUTPUT_MODES)[number];
/** A mode a request is actually sent in. */
export type SendMode = Exclude<OutputMode, "auto">;
/** What `auto` tries, best first: the probe keeps the first the server answers the contract in. */
export const AUTO_ORDER: readonly SendMode[] = ["tools", "json_schema", "json", "text"];

/** One role's output contract offered as a tool (function): the function name is the role. */
export interface RoleTool {
  name: string;
  description?: string;
  schema: z.ZodType;
}

/** What a request needs to know of its task. */
export interface ModeTask {
  role: string;
  schema: z.ZodType;
  toolset?: readonly RoleTool[];
}

export type Send = (messages: BaseMessage[], config: RunnableConfig) => Promise<{ raw: BaseMessage }>;

/** Where a run's effective modes live in `configurable` (an in-process object, like `callGate`). */
const CHOICE_KEY = "outputModeChoice";

/**
 * The run's output mode per model, shared by every call of the run: `auto` sends `tools` (today's
 * behaviour) until the probe narrows each model's mode to the first its server answers the contract in.
 */
export class OutputModeChoice {
  private readonly byModel = new Map<string, SendMode>();
  constructor(readonly requested: OutputMode) {}

  /** The mode a model's calls are sent in. */
  of(model: string): SendMode {
    return this.byModel.get(model) ?? (this.requested === "auto" ? "tools" : this.requested);
  }

  set(model: string, mode: SendMode): void {
    this.byModel.set(model, mode);
  }

  /** The modes the probe settled, per model: what another process of the run starts from. */
  settled(): Record<string, SendMode> {
    return Object.fromEntries(this.byModel);
  }
}

/** `configurable` with a fresh choice for the run's requested mode, starting from modes a probe already settled. */
export function withOutputModeChoice(configurable: Record<string, unknown>, requested: OutputMode, settled: Readonly<Record<string, SendMode>> = {}): Record<string, unknown> {
  const choice = new OutputModeChoice(requested);
  for (const [model, mode] of Object.entries(settled)) choice.set(model, mode);
  return { ...configurable, [CHOICE_KEY]: choice };
}

export function outputModeChoiceOf(configurable: Record<string, unknown> | undefined): OutputModeChoice | undefined {
  const choice = configurable?.[CHOICE_KEY];
  return choice instanceof OutputModeChoice ? choice : undefined;
}

/** The mode a model's call is sent in: the run's choice, else the configured mode (`auto` without a probe: `tools`). */
export function sendModeOf(config: RunnableConfig | undefined, model: string): SendMode {
  const raw = rawConfigurable(config);
  const choice = outputModeChoiceOf(raw);
  if (choice) return choice.of(model);
  const mode = z.enum(OUTPUT_MODES).safeParse(raw.outputMode);
  return !mode.success || mode.data === "auto" ? "tools" : mode.data;
}

/** The role's contract as JSON schema, for the prompt: converted once per schema. */
const jsonSchemaOf = memoByObject((schema: z.ZodType): unknown => z.toJSONSchema(schema, { unrepresentable: "any" }));

/** The messages with the role's schema appended to the last user message (or as one more). */
export function withSchemaInPrompt(messages: BaseMessage[], task: ModeTask): BaseMessage[] {
  const text = schemaInstructions(task.role, jsonSchemaOf(task.schema));
  const last = messages.at(-1);
  if (last && last.getType() === "human" && typeof last.content === "string") {
    return [...messages.slice(0, -1), new HumanMessage({ content: `${last.content}\n\n${text}`, ...(last.name ? { name: last.name } : {}) })];
  }
  return [...messages, new HumanMessage(text)];
}

/**
 * Sends `model` the messages `build` makes, as a run named after the role with the model's run inside
 * it: the trace reads alike in every mode. When nothing listens (judges/listeners.ts), the named run
 * would only cost a run tree and a callback set-up per call, so the model is called directly, and
 * an OpenAI model makes its request without LangChain's run around it (providers/openai.ts).
 */
function named(model: Runnable<BaseMessage[], BaseMessage>, build: (messages: BaseMessage[]) => BaseMessage[]): Send {
  const run = (messages: BaseMessage[], config?: RunnableConfig) => model.invoke(build(messages), config);
  const call = RunnableLambda.from(run);
  const direct = directRequestOf(model);
  return async (messages, config) => {
    if (somethingListens(config)) return { raw: await call.invoke(messages, config) };
    return { raw: await (direct ? direct(build(messages), config.signal) : run(messages, config)) };
  };
}

/** The messages as the judge's API takes them: Anthropic's get a prompt-cache breakpoint after the shared prefix. */
function prepared(judge: LlmJudge): (messages: BaseMessage[]) => BaseMessage[] {
  return judge.provider === "anthropic" ? withCacheBreakpoint : (messages) => messages;
}

/** OpenAI's dialect (OpenAI, Azure, compatible servers, an injected model): `strict` schemas and JSON mode by `response_format`. */
const speaksOpenAI = (judge: LlmJudge): boolean => judge.provider === "openai" || judge.provider === "azure" || judge.provider === "injected";

/**
 * How one request goes out in a mode; the reply is always the raw message, which `parseAnswer`
 * reads against the role's contract.
 * - `tools`: with a toolset (and a model that binds tools), every role's tool with the role's own
 *   forced (`tool_choice`; strict schemas where the API has them): the shared, cacheable prefix.
 *   Without one, the role's structured output alone (json_schema, or a forced function for older models).
 * - `json_schema`: the API's structured output (OpenAI `response_format` json_schema, Anthropic
 *   `output_config`, Gemini `responseSchema`), no tools.
 * - `json`: JSON mode (OpenAI `response_format` json_object, Gemini `responseMimeType`), the schema
 *   written into the prompt; Anthropic has no JSON mode, so only the prompt asks for JSON.
 * - `text`: a plain call with the schema in the prompt; the first JSON object of the text is read.
 */
export function modeSender(mode: SendMode, task: ModeTask, judge: LlmJudge): Send {
  const model = judge.model;
  const prepare = prepared(judge);
  const strict = speaksOpenAI(judge) ? { strict: true } : {};
  switch (mode) {
    case "tools": {
      const toolset = task.toolset;
      if (toolset && typeof model.bindTools === "function") {
        if (!toolset.some((t) => t.name === task.role)) throw new Error(`the toolset (${toolset.map((t) => t.name).join(", ")}) has no tool for role "${task.role}"`);
        const tools = toolset.map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}), schema: t.schema }));
        // `strict` is an OpenAI call option the base class's call-option type does not declare.
        const bound = model.bindTools(tools, { tool_choice: task.role, ...strict } as Partial<BaseChatModel["ParsedCallOptions"]>);
        return named(bound, prepare);
      }
      const structured = model.withStructuredOutput(task.schema, { name: task.role, includeRaw: true, ...strict });
      return (messages, config) => structured.invoke(prepare(messages), config);
    }
    case "json_schema": {
      const structured = model.withStructuredOutput(task.schema, { name: task.role, method: "jsonSchema", includeRaw: true, ...strict });
      return (messages, config) => structured.invoke(prepare(messages), config);
    }
    case "json": {
      const jsonModel = judge.jsonModel?.() ?? (speaksOpenAI(judge) ? model.withConfig({ response_format: { type: "json_object" } } as Partial<BaseChatModel["ParsedCallOptions"]>) : model);
      return named(jsonModel, (messages) => prepare(withSchemaInPrompt(messages, task)));
    }
    case "text":
      return named(model, (messages) => prepare(withSchemaInPrompt(messages, task)));
  }
}
