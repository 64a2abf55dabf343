import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { BaseChatModel, type BaseChatModelCallOptions, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { RunnableLambda } from "@langchain/core/runnables";
import type { z } from "zod";

export interface ScriptedCall {
  role: string;
  messages: BaseMessage[];
  /** 0-based count of earlier calls for the same role. */
  attempt: number;
  /** The names of the tools bound to the call, in order (`bindTools`); absent for json_schema calls. */
  tools?: string[];
}

/** An answer: an object (sent as JSON), raw text, or an error to throw. */
export type ScriptedAnswer = object | string | Error;
export type Script = (call: ScriptedCall) => ScriptedAnswer;

interface ScriptedOptions extends BaseChatModelCallOptions {
  role?: string;
  tools?: BindToolsInput[];
}

/** The forced tool's name: `tool_choice` as a name or as `{ type: "function", function: { name } }`. */
function forcedTool(choice: unknown): string | undefined {
  if (typeof choice === "string") return ["auto", "any", "none", "required"].includes(choice) ? undefined : choice;
  const name = (choice as { function?: { name?: unknown } } | undefined)?.function?.name;
  return typeof name === "string" ? name : undefined;
}

const toolName = (tool: BindToolsInput): string => String((tool as { name?: unknown; function?: { name?: unknown } }).name ?? (tool as { function?: { name?: unknown } }).function?.name);

/** The answer as tool arguments: a JSON object, or undefined for anything else (then it is sent as text). */
function toolArgs(text: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fake chat model for unit tests, answering from the script for a role:
 * - `bindTools(tools, { tool_choice: role })`: the role is the forced tool; an answer that is a JSON
 *   object comes back as that tool's call (`tool_calls: [{ name: role, args }]`, empty content), any
 *   other answer (raw text, invalid JSON) as text content with no tool call;
 * - `withStructuredOutput(schema, { name })`: the role is the name; the answer is the content, parsed
 *   against the zod schema as the client would.
 */
export class ScriptedChatModel extends BaseChatModel<ScriptedOptions> {
  readonly calls: ScriptedCall[] = [];

  constructor(private readonly script: Script) {
    super({});
  }

  _llmType(): string {
    return "scripted";
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"], _run?: CallbackManagerForLLMRun): Promise<ChatResult> {
    const role = options.role ?? forcedTool(options.tool_choice) ?? "chat";
    const tools = options.tools?.map(toolName);
    const call: ScriptedCall = { role, messages, attempt: this.calls.filter((c) => c.role === role).length, ...(tools ? { tools } : {}) };
    this.calls.push(call);
    const answer = this.script(call);
    if (typeof answer === "object" && answer !== null && "stack" in answer && "message" in answer) throw answer;
    const text = typeof answer === "string" ? answer : JSON.stringify(answer);
    const input = messages.reduce((n, m) => n + String(m.content).length, 0);
    const usage_metadata = { input_tokens: Math.ceil(input / 4), output_tokens: Math.ceil(text.length / 4), total_tokens: Math.ceil(input / 4) + Math.ceil(text.length / 4) };
    const args = tools ? toolArgs(text) : undefined;
    if (args) {
      const message = new AIMessage({ content: "", tool_calls: [{ name: role, args, id: `call_${this.calls.length}`, type: "tool_call" }], usage_metadata });
      return { generations: [{ text: "", message }] };
    }
    return { generations: [{ text, message: new AIMessage({ content: text, usage_metadata }) }] };
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<ScriptedOptions>) {
    return this.withConfig({ ...kwargs, tools });
  }

  // The overloads of the base class are satisfied by the runtime shape: { raw, parsed }.
  override withStructuredOutput(schema: unknown, config?: { name?: string }): never {
    const role = config?.name ?? "extract";
    return RunnableLambda.from(async (input: BaseMessage[], runConfig) => {
      const raw = await this.invoke(input, { ...runConfig, role });
      let parsed: unknown = null;
      try {
        parsed = (schema as z.ZodType).safeParse(JSON.parse(String(raw.content))).data ?? null;
      } catch {
        parsed = null;
      }
      return { raw, parsed };
    }) as never;
  }
}
