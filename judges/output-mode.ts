import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { RunnableLambda, type RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import { OUTPUT_MODES, rawConfigurable } from "./configuration.js";
import { schemaInstructions } from "./prompt/schema-instructions.js";

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

/** Where a run's effective mode lives in `configurable` (an in-process object, like `callGate`). */
const CHOICE_KEY = "outputModeChoice";

/**
 * The run's output mode, shared by every call of the run: `auto` sends `tools` (today's behaviour)
 * until the probe narrows it to the first mode the server answers the contract in.
 */
export class OutputModeChoice {
  current: SendMode;
  constructor(readonly requested: OutputMode) {
    this.current = requested === "auto" ? "tools" : requested;
  }
}

/** `configurable` with a fresh choice for the run's requested mode. */
export function withOutputModeChoice(configurable: Record<string, unknown>, requested: OutputMode): Record<string, unknown> {
  return { ...configurable, [CHOICE_KEY]: new OutputModeChoice(requested) };
}

export function outputModeChoiceOf(configurable: Record<string, unknown> | undefined): OutputModeChoice | undefined {
  const choice = configurable?.[CHOICE_KEY] as OutputModeChoice | undefined;
  return typeof choice?.current === "string" ? choice : undefined;
}

/** The mode a call is sent in: the run's choice, else the configured mode (`auto` without a probe: `tools`). */
export function sendModeOf(config: RunnableConfig | undefined): SendMode {
  const raw = rawConfigurable(config);
  const choice = outputModeChoiceOf(raw);
  if (choice) return choice.current;
  const mode = z.enum(OUTPUT_MODES).safeParse(raw.outputMode);
  return !mode.success || mode.data === "auto" ? "tools" : mode.data;
}

/** The role's contract as JSON schema, for the prompt. */
function jsonSchemaOf(schema: z.ZodType): unknown {
  return z.toJSONSchema(schema, { unrepresentable: "any" });
}

/** The messages with the role's schema appended to the last user message (or as one more). */
export function withSchemaInPrompt(messages: BaseMessage[], task: ModeTask): BaseMessage[] {
  const text = schemaInstructions(task.role, jsonSchemaOf(task.schema));
  const last = messages.at(-1);
  if (last && last.getType() === "human" && typeof last.content === "string") {
    return [...messages.slice(0, -1), new HumanMessage({ content: `${last.content}\n\n${text}`, ...(last.name ? { name: last.name } : {}) })];
  }
  return [...messages, new HumanMessage(text)];
}

/** A run named after the role with the model's run inside it: the trace reads alike in every mode. */
function named(run: (messages: BaseMessage[], config?: RunnableConfig) => Promise<BaseMessage>): Send {
  const call = RunnableLambda.from(run);
  return async (messages, config) => ({ raw: await call.invoke(messages, config) });
}

/**
 * How one request goes out in a mode; the reply is always the raw message, which `parseAnswer`
 * reads against the role's contract.
 * - `tools`: with a toolset (and a model that binds tools), every role's tool with the role's own
 *   forced (`tool_choice`), strict schemas: the shared, cacheable prefix. Without one, the role's
 *   structured output alone (json_schema, or a forced function for older models).
 * - `json_schema`: `response_format` json_schema (strict), no tools.
 * - `json`: `response_format` json_object, the schema written into the prompt.
 * - `text`: a plain call with the schema in the prompt; the first JSON object of the text is read.
 */
export function modeSender(mode: SendMode, task: ModeTask, model: BaseChatModel): Send {
  switch (mode) {
    case "tools": {
      const toolset = task.toolset;
      if (toolset && typeof model.bindTools === "function") {
        if (!toolset.some((t) => t.name === task.role)) throw new Error(`the toolset (${toolset.map((t) => t.name).join(", ")}) has no tool for role "${task.role}"`);
        const tools = toolset.map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}), schema: t.schema }));
        // `strict` is an OpenAI call option the base class's call-option type does not declare.
        const bound = model.bindTools(tools, { tool_choice: task.role, strict: true } as Partial<BaseChatModel["ParsedCallOptions"]>);
        return named((messages, config) => bound.invoke(messages, config));
      }
      const structured = model.withStructuredOutput(task.schema, { name: task.role, includeRaw: true, strict: true });
      return (messages, config) => structured.invoke(messages, config);
    }
    case "json_schema": {
      const structured = model.withStructuredOutput(task.schema, { name: task.role, method: "jsonSchema", includeRaw: true, strict: true });
      return (messages, config) => structured.invoke(messages, config);
    }
    case "json": {
      // An OpenAI call option the base class's call-option type does not declare.
      const bound = model.withConfig({ response_format: { type: "json_object" } } as Partial<BaseChatModel["ParsedCallOptions"]>);
      return named((messages, config) => bound.invoke(withSchemaInPrompt(messages, task), config));
    }
    case "text":
      return named((messages, config) => model.invoke(withSchemaInPrompt(messages, task), config));
  }
}
