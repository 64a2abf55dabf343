import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { BaseChatModel, type BaseChatModelCallOptions } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { RunnableLambda } from "@langchain/core/runnables";
import type { z } from "zod";

export interface ScriptedCall {
  role: string;
  messages: BaseMessage[];
  /** 0-based count of earlier calls for the same role. */
  attempt: number;
}

/** An answer: an object (sent as JSON), raw text, or an error to throw. */
export type ScriptedAnswer = object | string | Error;
export type Script = (call: ScriptedCall) => ScriptedAnswer;

interface ScriptedOptions extends BaseChatModelCallOptions {
  role?: string;
}

/**
 * A fake chat model for unit tests. `withStructuredOutput(schema, { name })` answers from the script
 * for that role and parses the answer against the zod schema, as the real pipeline does.
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
    const role = options.role ?? "chat";
    const call = { role, messages, attempt: this.calls.filter((c) => c.role === role).length };
    this.calls.push(call);
    const answer = this.script(call);
    if (typeof answer === "object" && answer !== null && "stack" in answer && "message" in answer) throw answer;
    const text = typeof answer === "string" ? answer : JSON.stringify(answer);
    const input = messages.reduce((n, m) => n + String(m.content).length, 0);
    const message = new AIMessage({
      content: text,
      usage_metadata: { input_tokens: Math.ceil(input / 4), output_tokens: Math.ceil(text.length / 4), total_tokens: Math.ceil(input / 4) + Math.ceil(text.length / 4) },
    });
    return { generations: [{ text, message }] };
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
