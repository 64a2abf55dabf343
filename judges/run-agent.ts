import type { BaseMessage } from "@langchain/core/messages";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { z } from "zod";
import { ConfigError } from "./config-error.js";
import type { Configuration } from "./configuration.js";
import { repairPrompt } from "./prompt/repair.js";
import { retryDecision, retrySettingsOf, sleep, withTimeout, type RetryEvent } from "./retry.js";
import { callBreakerOf } from "./call-breaker.js";
import { classifyError } from "./classify-error.js";
import { PROVIDER_ENV } from "./provider-env.js";
import type { Judge, LlmJudge } from "./judge.js";
import { outputProblemOf } from "./checks/answer-errors.js";
import { parseAnswer } from "./checks/parse-answer.js";
import type { CallFailure, OutputProblem } from "./checks/problems.js";
import { memoByObject } from "../util/memo.js";
import { modeSender, sendModeOf, type RoleTool, type Send, type SendMode } from "./output-mode.js";
import { requestGuardOf, requestTools } from "./request-guard.js";

export type { RoleTool } from "./output-mode.js";

/** One agent's call: its contract, its prompt, and what the offline judge would answer. */
export interface AgentTask<O> {
  /** The role: schema name sent to the provider and run name in traces (`evaluator`). */
  role: string;
  /** Trace name when it differs from the role (`assessor:CQ8`). */
  runName?: string;
  schema: z.ZodType<O>;
  /**
   * The protocol's full set of role contracts, in a fixed order (`nodes/<protocol>/tools.ts`). Every call
   * of the protocol for one dialogue then sends the same tool definitions, ahead of the shared
   * system message, so the provider's prompt cache serves them; the role's own tool is forced.
   * Without it the call sends its role's json_schema alone.
   */
  toolset?: readonly RoleTool[];
  messages: BaseMessage[];
  /** Checks the schema cannot express (scale, coverage, quotes); problems trigger one repair retry. */
  check?: (output: O) => OutputProblem[];
  offline: () => O;
}

export interface CallRecord {
  agent: string;
  /** The model asked (`openai:gpt-4o`), when the call went to one: roles may have different models. */
  model?: string;
  /** `fallback`: the LLM failed and the offline judge answered instead. */
  source: "llm" | "offline" | "fallback";
  attempts: number;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  /** Invalid answers met on the way, repaired or not. */
  invalid: OutputProblem[];
  /** Failed requests that were retried (rate limits, 5xx, timeouts, connection errors), in order. */
  retries?: RetryEvent[];
  error?: CallFailure;
}

export type AgentResult<O> = { ok: true; output: O; record: CallRecord } | { ok: false; failure: CallFailure; record: CallRecord };

/** After the retries: the offline judge answers, or the dialogue is left unscored. */
export type OnFailure = Configuration["onFailure"];

function usageOf(raw: BaseMessage): { input: number; output: number } {
  const usage = (raw as AIMessage).usage_metadata;
  return { input: usage?.input_tokens ?? 0, output: usage?.output_tokens ?? 0 };
}

/** The senders built so far, per judge, contract and toolset, then by mode and role. */
const NO_TOOLSET = {};
const sendersOf = memoByObject((_judge: LlmJudge) => memoByObject((_schema: z.ZodType) => memoByObject((_toolset: object) => new Map<string, Send>())));

/**
 * How one request goes out: in the run's output mode (judges/output-mode.ts: a forced tool from the
 * protocol's toolset, json_schema, JSON mode or text); the reply's JSON is read by `parseAnswer`.
 * Built once per judge, contract and mode, not per call: binding tools converts every schema and
 * builds a new client.
 */
function sender<O>(task: AgentTask<O>, judge: LlmJudge, mode: SendMode): Send {
  const built = sendersOf(judge)(task.schema)(task.toolset ?? NO_TOOLSET);
  const key = `${mode}\u0000${task.role}`;
  let send = built.get(key);
  if (!send) built.set(key, (send = modeSender(mode, task, judge)));
  return send;
}

/**
 * The reply as it goes back. Tool calls whose arguments are not JSON may exist only as
 * `invalid_tool_calls` (judges/providers/openai.ts), which the OpenAI converter does not send; they
 * are put back in the provider's form (`additional_kwargs.tool_calls`) so the provider sees the calls
 * the results answer. Set after the message is built: LangChain core warns ("New LangChain packages
 * are available…") whenever an AIMessage is built from raw tool calls and no parsed one.
 */
function echoOf(message: AIMessage): BaseMessage {
  const invalid = (message.invalid_tool_calls ?? []).filter((c): c is typeof c & { id: string } => typeof c.id === "string" && c.id !== "");
  if (invalid.length === 0 || (message.tool_calls?.length ?? 0) > 0 || (message.additional_kwargs?.tool_calls?.length ?? 0) > 0) return message;
  const echo = new AIMessage({ content: message.content, invalid_tool_calls: message.invalid_tool_calls });
  echo.additional_kwargs = { ...message.additional_kwargs, tool_calls: invalid.map((c) => ({ id: c.id, type: "function" as const, function: { name: c.name ?? "", arguments: c.args ?? "" } })) };
  return echo;
}

/**
 * What follows an unusable reply: the reply itself, then the problems. A reply that called a tool
 * gets them as that call's result (a provider wants every tool call answered before anything else).
 */
function repairTurn(raw: BaseMessage, problems: readonly OutputProblem[]): BaseMessage[] {
  const message = raw as AIMessage;
  const ids = [...(message.tool_calls ?? []), ...(message.invalid_tool_calls ?? [])].map((c) => c.id).filter((id): id is string => typeof id === "string" && id !== "");
  const text = repairPrompt(problems);
  if (ids.length === 0) return [raw, new HumanMessage(text)];
  return [echoOf(message), ...ids.map((id) => new ToolMessage({ tool_call_id: id, content: text }))];
}

type Attempt = { kind: "reply"; raw: BaseMessage } | { kind: "unparsable"; problem: OutputProblem } | { kind: "failed"; failure: CallFailure };

/**
 * One request and its retries (judges/retry.ts): each try takes an `--rpm` slot and has its own
 * timeout. An answer the client could not parse is handed back for repair, never resent as is.
 */
async function requestWithRetries(send: (signal: AbortSignal) => Promise<{ raw: BaseMessage }>, agent: string, config: RunnableConfig | undefined, record: CallRecord): Promise<Attempt> {
  const { settings, gate } = retrySettingsOf(config?.configurable);
  for (let retries = 0; ; retries++) {
    await gate?.acquire();
    try {
      const { raw } = await withTimeout(send, settings.timeoutMs, config?.signal);
      return { kind: "reply", raw };
    } catch (error) {
      // json_schema replies are parsed inside the OpenAI client, which throws on a bad answer.
      const problem = outputProblemOf(error);
      if (problem) return { kind: "unparsable", problem };
      if (config?.signal?.aborted) throw error;
      const failure = classifyError(agent, error);
      const decision = retryDecision(failure, error, retries, settings);
      if (!decision.retry) {
        if (decision.stop) throw new ConfigError(`${agent}: ${decision.stop} (${failure.message}); add credit or use another key, then rerun with --resume`);
        return { kind: "failed", failure: decision.reason ? { ...failure, message: `${failure.message} (${decision.reason})` } : failure };
      }
      (record.retries ??= []).push({ kind: failure.kind, waitMs: decision.waitMs });
      await sleep(decision.waitMs, config?.signal);
    }
  }
}

async function askModel<O>(task: AgentTask<O>, judge: LlmJudge, config: RunnableConfig | undefined, record: CallRecord): Promise<{ ok: true; output: O } | { ok: false; failure: CallFailure }> {
  const agent = task.runName ?? task.role;
  const mode = sendModeOf(config, judge.label);
  const send = sender(task, judge, mode);
  const guard = requestGuardOf(config?.configurable);
  let messages = task.messages;
  let problems: OutputProblem[] = [];
  for (let attempt = 1; attempt <= 2; attempt++) {
    const sent = messages;
    const tooLong = guard?.(agent, sent, requestTools(task));
    if (tooLong) return { ok: false, failure: tooLong };
    record.attempts = attempt;
    const reply = await requestWithRetries((signal) => send(sent, { ...config, runName: agent, signal }), agent, config, record);
    if (reply.kind === "failed") return { ok: false, failure: reply.failure };
    if (reply.kind === "unparsable") {
      problems = [reply.problem];
      record.invalid.push(reply.problem);
      messages = [...task.messages, new HumanMessage(repairPrompt(problems))];
      continue;
    }
    const raw = reply.raw;
    const usage = usageOf(raw);
    record.inputTokens += usage.input;
    record.outputTokens += usage.output;
    // Without a schema in the request, the JSON object is taken out of whatever text surrounds it.
    const parsed = parseAnswer(raw, task.schema, { extract: mode === "json" || mode === "text" });
    problems = parsed.ok ? (task.check?.(parsed.value) ?? []) : [parsed.problem];
    if (parsed.ok && problems.length === 0) return { ok: true, output: parsed.value };
    record.invalid.push(...problems);
    messages = [...task.messages, ...repairTurn(raw, problems)];
  }
  const message = problems.map((p) => `${p.kind}: ${p.message}`).join("; ");
  return { ok: false, failure: { agent, kind: "invalid_output", message: message.slice(0, 500) } };
}

/**
 * Runs one agent call. An LLM answer is parsed and checked in code; an invalid one gets one repair
 * retry. A call that still fails falls back to the offline judge or, with `unscored`, is reported as
 * a failure: never as a low score.
 */
export async function runAgent<O>(task: AgentTask<O>, judge: Judge, onFailure: OnFailure, config?: RunnableConfig): Promise<AgentResult<O>> {
  const started = performance.now();
  const record: CallRecord = { agent: task.runName ?? task.role, source: "offline", attempts: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0, invalid: [] };
  const finish = () => {
    record.latencyMs = Math.round(performance.now() - started);
    return record;
  };
  if (judge.kind === "offline") return { ok: true, output: task.offline(), record: finish() };
  record.model = judge.label;
  const answer = await askModel(task, judge, config, record);
  const breaker = callBreakerOf(config?.configurable);
  if (answer.ok) {
    breaker?.succeeded();
    record.source = "llm";
    return { ok: true, output: answer.output, record: finish() };
  }
  if (answer.failure.kind === "too_long") {
    // A request over the input limit was not sent: the dialogue is too long for the model, not the model failing.
    record.source = "llm";
    record.error = answer.failure;
    return { ok: false, failure: answer.failure, record: finish() };
  }
  if (answer.failure.kind === "auth") {
    // Every call would fail alike: stop the run rather than fall back on every dialogue.
    const keys = judge.provider === "injected" ? "the injected model's credentials" : PROVIDER_ENV[judge.provider].keys.join(" or ");
    throw new ConfigError(`${answer.failure.agent}: the provider rejected the credentials (${answer.failure.message}); check ${keys} or --base-url for ${judge.label}`);
  }
  breaker?.failed(answer.failure);
  record.error = answer.failure;
  if (onFailure === "fallback") {
    record.source = "fallback";
    return { ok: true, output: task.offline(), record: finish() };
  }
  record.source = "llm";
  return { ok: false, failure: answer.failure, record: finish() };
}
