/**
 * Chat messages as turns, whatever chat shape they come in (README "Input formats"):
 *
 * - the speaker is `role` (OpenAI and most exports), `from` (ShareGPT) or `type` (LangChain's message
 *   dicts): `user`/`human` is the user; `assistant`/`ai`/`gpt`/`bot`/`agent`/`model` the assistant;
 *   `system`/`developer` messages are the assistant's instructions (`systemPrompt`), never a turn;
 *   `tool`/`function`/`observation` messages are tool results; case is ignored;
 * - the text is `content` (a string, null, or content parts: `{type: "text", text}` and strings give
 *   their text, any other part shows as `[<type>]`) or `value` (ShareGPT).
 *
 * Tool use is the assistant's doing, so it is written into the assistant's turn, one line per action:
 * a call as `[calls get_weather({"city":"Paris"})]` (arguments as compact JSON, so the same call reads
 * the same from every format) and a result as `[get_weather returned: 18 °C]`. A call, the results
 * after it and the assistant's next message are one turn: the reply the user saw. A result with no
 * assistant turn before it opens one; it is never the user's. A message with neither text nor a call
 * is skipped.
 */
import { z } from "zod";
import { Ratings, type Turn } from "./dialogue.js";
import { DialogueParseError } from "./errors.js";
import { describeFirstIssue } from "./validate.js";

const ContentPart = z.union([z.string(), z.looseObject({ type: z.string(), text: z.string().optional() })]);
const Content = z.union([z.string(), z.null(), z.array(ContentPart)]);

const FunctionCall = z.looseObject({ name: z.string().min(1), arguments: z.unknown().optional() });
/** OpenAI's `{id, type: "function", function: {name, arguments}}` or LangChain's `{id, name, args}`, as one shape. */
const ToolCall = z.union([
  z.looseObject({ id: z.string().optional(), function: FunctionCall }).transform((c) => ({ id: c.id, name: c.function.name, args: c.function.arguments })),
  z.looseObject({ id: z.string().optional(), name: z.string().min(1), args: z.unknown().optional() }).transform((c) => ({ id: c.id, name: c.name, args: c.args })),
]);

const ChatMessage = z.looseObject({
  role: z.string().optional(),
  from: z.string().optional(),
  type: z.string().optional(),
  content: Content.optional(),
  value: z.string().optional(),
  tool_calls: z.array(ToolCall).optional(),
  /** OpenAI's older single `function_call`. */
  function_call: FunctionCall.optional(),
  tool_call_id: z.string().optional(),
  name: z.string().optional(),
  act: z.string().optional(),
  ratings: Ratings.optional(),
});
type ChatMessage = z.infer<typeof ChatMessage>;

type RoleKind = "user" | "assistant" | "system" | "tool" | "call";

const ROLES: Record<string, RoleKind> = {
  user: "user",
  human: "user",
  assistant: "assistant",
  ai: "assistant",
  gpt: "assistant",
  bot: "assistant",
  agent: "assistant",
  model: "assistant",
  system: "system",
  developer: "system",
  tool: "tool",
  function: "tool",
  observation: "tool",
  // ShareGPT's tool call: its value is `{"name": …, "arguments": …}`.
  function_call: "call",
};
const ROLE_NAMES = Object.keys(ROLES);
const ROLES_EXPECTED = `a message role ${ROLE_NAMES.slice(0, -1).join(", ")} or ${ROLE_NAMES[ROLE_NAMES.length - 1]}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a value reads as one chat message (a speaker field, and not a dialogue holding messages). */
function isMessageLike(value: unknown): boolean {
  if (!isRecord(value) || "messages" in value || "conversations" in value || "turns" in value) return false;
  return ["role", "from", "type"].some((key) => typeof value[key] === "string");
}

/** A non-empty array every element of which is a chat message: one dialogue, not a list of dialogues. */
export function isMessageList(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0 && value.every(isMessageLike);
}

function contentText(content: z.infer<typeof Content> | undefined): string {
  if (typeof content === "string") return content;
  if (!content) return "";
  return content.map((part) => (typeof part === "string" ? part : part.type === "text" && part.text !== undefined ? part.text : `[${part.type}]`)).join("\n");
}

/** Arguments as compact JSON when they are JSON (an object, or a string holding JSON); other text as it is. */
function argumentsText(args: unknown): string {
  if (args === undefined || args === null) return "";
  if (typeof args !== "string") return JSON.stringify(args);
  try {
    return JSON.stringify(JSON.parse(args));
  } catch {
    return args;
  }
}

function callText(name: string, args: unknown): string {
  return `[calls ${name}(${argumentsText(args)})]`;
}

function resultText(name: string | undefined, text: string): string {
  return `[${name ?? "tool"} returned: ${text}]`;
}

type Call = z.infer<typeof ToolCall>;

function callsOf(message: ChatMessage): Call[] {
  const calls = [...(message.tool_calls ?? [])];
  if (message.function_call) calls.push({ id: undefined, name: message.function_call.name, args: message.function_call.arguments });
  return calls;
}

/** Where a message's problem is reported: its file line, and the path inside the dialogue (`messages[3]`). */
export interface MessagesAt {
  file: string;
  line: number;
  /** `messages` or `conversations`: the key the list was under (or `messages` for a bare list). */
  key: string;
  got: string;
}

/** The turns and the assistant's instructions (system messages joined by a blank line) of a message list. */
export function messagesToTurns(messages: readonly unknown[], at: MessagesAt): { turns: Turn[]; systemPrompt?: string } {
  const turns: Turn[] = [];
  const system: string[] = [];
  const callNames = new Map<string, string>();
  // The last turn is the assistant's and its last line is a tool action: the next assistant message continues it.
  let actionPending = false;

  messages.forEach((raw, index) => {
    const where = `${at.key}[${index}]`;
    const parsed = ChatMessage.safeParse(raw);
    if (!parsed.success) throw new DialogueParseError(at.file, at.line, `a chat message at ${where} (${describeFirstIssue(parsed.error)})`, at.got);
    const message = parsed.data;
    const roleKey = (["role", "from", "type"] as const).find((key) => message[key] !== undefined) ?? "role";
    const roleName = message[roleKey];
    const kind = roleName === undefined ? undefined : ROLES[roleName.trim().toLowerCase()];
    if (!kind) throw new DialogueParseError(at.file, at.line, `${ROLES_EXPECTED} at ${where}.${roleKey}`, roleName ?? JSON.stringify(raw) ?? "");
    const calls = kind === "call" ? [shareGptCall(message.value ?? "", where, at)] : callsOf(message);
    if (message.content === undefined && message.value === undefined && calls.length === 0) {
      throw new DialogueParseError(at.file, at.line, `a message text (content or value) or a tool call at ${where}`, at.got);
    }
    const text = message.value ?? contentText(message.content);

    if (kind === "system") {
      if (text.trim() !== "") system.push(text);
      return;
    }
    if (kind === "user") {
      if (text.trim() === "") return;
      const turn: Turn = { speaker: "user", text };
      if (message.act !== undefined && message.act !== "") turn.act = message.act;
      if (message.ratings) turn.ratings = message.ratings;
      turns.push(turn);
      actionPending = false;
      return;
    }
    if (kind === "tool") {
      const name = message.name ?? (message.tool_call_id === undefined ? undefined : callNames.get(message.tool_call_id));
      const last = turns[turns.length - 1];
      if (last?.speaker === "assistant") last.text = `${last.text}\n${resultText(name, text)}`;
      else turns.push({ speaker: "assistant", text: resultText(name, text) });
      actionPending = true;
      return;
    }
    for (const call of calls) if (call.id !== undefined) callNames.set(call.id, call.name);
    const lines = [...(kind === "assistant" && text.trim() !== "" ? [text] : []), ...calls.map((c) => callText(c.name, c.args))];
    if (lines.length === 0) return;
    const last = turns[turns.length - 1];
    if (last?.speaker === "assistant" && actionPending) last.text = `${last.text}\n${lines.join("\n")}`;
    else {
      const turn: Turn = { speaker: "assistant", text: lines.join("\n") };
      if (message.act !== undefined && message.act !== "") turn.act = message.act;
      turns.push(turn);
    }
    actionPending = calls.length > 0;
  });
  return system.length > 0 ? { turns, systemPrompt: system.join("\n\n") } : { turns };
}

/** ShareGPT's `function_call` message: its value is the call as JSON `{"name": …, "arguments": …}`. */
function shareGptCall(value: string, where: string, at: MessagesAt): Call {
  let call: unknown;
  try {
    call = JSON.parse(value);
  } catch {
    call = undefined;
  }
  const parsed = FunctionCall.safeParse(call);
  if (!parsed.success) throw new DialogueParseError(at.file, at.line, `a function call {"name", "arguments"} as the value of ${where}`, value);
  return { id: undefined, name: parsed.data.name, args: parsed.data.arguments };
}
