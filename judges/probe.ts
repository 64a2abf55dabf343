import type { Dialogue } from "../dialogues/dialogue.js";
import { ConfigError } from "./config-error.js";
import type { CallFailure } from "./checks/problems.js";
import type { AgentResult } from "./run-agent.js";
import type { LlmJudge } from "./judge.js";
import { AUTO_ORDER, type OutputModeChoice } from "./output-mode.js";

/** The dialogue a run's probe call judges: short, ordinary, with something to quote. */
export const PROBE_DIALOGUE: Dialogue = {
  id: "probe",
  turns: [
    { speaker: "user", text: "Hello, my order 1234 has not arrived and I need it by Friday." },
    { speaker: "assistant", text: "I'm sorry about the delay. I have sent a replacement by express; it will arrive on Thursday." },
    { speaker: "user", text: "Great, thank you!" },
  ],
};

/** What to fix, for a probe failure every call of the run would meet too. */
function advice(failure: CallFailure, where: string): string {
  const status = /^HTTP (\d{3})/.exec(failure.message)?.[1];
  switch (failure.kind) {
    case "connection":
      return `cannot reach ${where}: check --base-url (or OPENAI_BASE_URL) and that the server is running`;
    case "timeout":
      return `${where} did not answer within --timeout: raise --timeout or check the server`;
    case "rate_limited":
      return `${where} keeps rate-limiting: lower --concurrency or set --rpm`;
    case "server_error":
      return `${where} keeps failing with server errors: check the server, then rerun`;
    case "invalid_output":
      return `the model does not answer the ${failure.agent} contract even after a repair: use a model that follows JSON schemas (tool calling or json_schema)`;
    default:
      if (status === "404") return `${where} does not know this model: check the model name in --model`;
      if (status === "400" || status === "422") return `${where} refused the request: the model or server may not support tool calling or json_schema structured output`;
      return `the call failed: check the model and server settings`;
  }
}

/** A failure that says the server refuses this output mode or the model does not follow it: `auto` tries the next mode. */
function triesNextMode(failure: CallFailure): boolean {
  return failure.kind === "invalid_output" || /^HTTP (400|422)\b/.test(failure.message);
}

/**
 * Before the first dialogue: one call of the protocol's first agent on a short dialogue, so a model
 * that cannot judge at all (unreachable, unknown, refusing the request or the output contract) stops
 * the run with one line saying what to fix, instead of every call falling back to the offline judge.
 * With `--output-mode auto` (a `choice` still open), the call is tried in each mode of `AUTO_ORDER`
 * until one answers the contract, and the run keeps that mode; a refused request (400/422) or an
 * answer outside the contract moves on, any other failure stops at once. Returns a line saying which
 * mode `auto` chose when it is not the first.
 */
export async function probeModel(call: () => Promise<AgentResult<unknown>>, judge: LlmJudge, choice?: OutputModeChoice): Promise<string | undefined> {
  const label = judge.label;
  const where = judge.baseUrl ? `${label} at ${judge.baseUrl}` : label;
  const fail = (failure: CallFailure, prefix = "") => new ConfigError(`the probe call to ${label} failed (${prefix}${failure.kind}: ${failure.message}); ${advice(failure, where)}`);
  if (choice?.requested !== "auto") {
    const answer = await call();
    if (answer.ok) return undefined;
    throw fail(answer.failure);
  }
  const refused: string[] = [];
  let last: CallFailure | undefined;
  for (const mode of AUTO_ORDER) {
    choice.set(label, mode);
    const answer = await call();
    // The first mode answering keeps today's output unchanged; a fallback is said on stderr.
    if (answer.ok) return refused.length > 0 ? `output mode for ${label}: ${mode} (auto; ${refused.join("; ")})` : undefined;
    if (!triesNextMode(answer.failure)) throw fail(answer.failure, refused.length > 0 ? `output mode ${mode}: ` : "");
    last = answer.failure;
    refused.push(`${mode}: ${answer.failure.kind}: ${answer.failure.message.slice(0, 120)}`);
  }
  choice.set(label, AUTO_ORDER[0] ?? "tools");
  const reason = last ? advice(last, where) : "use a model that follows JSON schemas";
  throw new ConfigError(`the probe call to ${label} failed in every output mode (${refused.join("; ")}); ${reason}`);
}
