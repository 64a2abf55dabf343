import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { BaseChatModel, type BaseChatModelCallOptions, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { RunnableLambda } from "@langchain/core/runnables";

const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];

interface FakeOptions extends BaseChatModelCallOptions {
  role?: string;
  tools?: BindToolsInput[];
}

/**
 * A panel judge that answers after `latencyMs` (a realistic model call is ~1 s): valid evaluator and
 * critic answers for the customer-service rubric. Records when the first call started and the last
 * answer came back.
 */
export class FakeJudgeModel extends BaseChatModel<FakeOptions> {
  firstCallAt = Number.POSITIVE_INFINITY;
  lastAnswerAt = 0;
  calls = 0;

  constructor(private readonly latencyMs: number) {
    super({});
  }

  _llmType(): string {
    return "bench-fake";
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"], _run?: CallbackManagerForLLMRun): Promise<ChatResult> {
    const started = performance.now();
    if (started < this.firstCallAt) this.firstCallAt = started;
    this.calls++;
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    const system = String(messages[0]?.content ?? "");
    const utterance = /^\[1\] USER: (.*)$/m.exec(system)?.[1] ?? "";
    // The panel binds its toolset and forces the role's tool; the legacy path names the role.
    const role = options.role ?? (typeof options.tool_choice === "string" ? options.tool_choice : undefined);
    const answer =
      role === "critic"
        ? { critic: CRITERIA.map((criterion) => ({ criterion, comment: "", agree: true, suggested_score: null })) }
        : Object.fromEntries(CRITERIA.map((c) => [c, { justification: `The user asks USER: "${utterance}".`, score: 80 }]));
    const text = JSON.stringify(answer);
    const input = Math.ceil(messages.reduce((n, m) => n + String(m.content).length, 0) / 4);
    const output = Math.ceil(text.length / 4);
    const usage_metadata = { input_tokens: input, output_tokens: output, total_tokens: input + output };
    const message = options.tools
      ? new AIMessage({ content: "", tool_calls: [{ name: role ?? "extract", args: answer, id: `call_${this.calls}`, type: "tool_call" }], usage_metadata })
      : new AIMessage({ content: text, usage_metadata });
    const ended = performance.now();
    if (ended > this.lastAnswerAt) this.lastAnswerAt = ended;
    return { generations: [{ text: options.tools ? "" : text, message }] };
  }

  override bindTools(tools: BindToolsInput[], kwargs?: Partial<FakeOptions>) {
    return this.withConfig({ ...kwargs, tools });
  }

  override withStructuredOutput(_schema: unknown, config?: { name?: string }): never {
    const role = config?.name ?? "extract";
    return RunnableLambda.from(async (input: BaseMessage[], runConfig) => ({ raw: await this.invoke(input, { ...runConfig, role }), parsed: null })) as never;
  }
}
