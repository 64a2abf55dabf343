import { chatValueToDialogue } from "../dialogues/chat-json.js";
import { Dialogue } from "../dialogues/dialogue.js";
import { InputError } from "../nodes/input-error.js";
import { dialogueFromTranscript } from "../nodes/read-input.js";
import { describeIssues } from "../util/zod-issues.js";

/**
 * One conversation, in any shape the library reads: a Dialogue `{id, turns}`, one dialogue as
 * transcript text, a message list (OpenAI chat, LangChain messages, ShareGPT `{from, value}`), or an
 * object holding one of those under `messages`, `conversations`, `dialogue`, `conversation`,
 * `trajectory` or `transcript`.
 */
export type DialogueInput = Dialogue | string | readonly unknown[] | Readonly<Record<string, unknown>>;

/** Where an evaluator looks for the conversation inside `outputs` / `inputs`, after a chat object's own `messages` / `conversations`. */
const CONVERSATION_KEYS = ["dialogue", "messages", "conversations", "conversation", "trajectory", "transcript"] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

interface LangChainMessage {
  content?: unknown;
  tool_calls?: unknown;
  tool_call_id?: unknown;
  name?: unknown;
  getType?: () => string;
  _getType?: () => string;
}

/**
 * A LangChain message instance as the plain chat message the dialogue reader takes (its type is the
 * role: human, ai, system, tool); anything else as it is. A `tool_use` content part repeats one of
 * the message's `tool_calls` (Anthropic's models), so it is left out when they are there.
 */
function plainMessage(message: unknown): unknown {
  if (!isRecord(message)) return message;
  const m = message as LangChainMessage;
  const getType = typeof m.getType === "function" ? m.getType : typeof m._getType === "function" ? m._getType : undefined;
  if (!getType) return message;
  const calls = Array.isArray(m.tool_calls) && m.tool_calls.length > 0 ? m.tool_calls : undefined;
  const content = calls && Array.isArray(m.content) ? m.content.filter((part) => (part as { type?: unknown })?.type !== "tool_use") : m.content;
  return {
    role: getType.call(message),
    content,
    ...(calls ? { tool_calls: calls } : {}),
    ...(typeof m.tool_call_id === "string" ? { tool_call_id: m.tool_call_id } : {}),
    ...(typeof m.name === "string" ? { name: m.name } : {}),
  };
}

function fromChat(chat: Record<string, unknown>, id: string | number): Dialogue {
  const list = (key: string) => (Array.isArray(chat[key]) ? { [key]: (chat[key] as unknown[]).map(plainMessage) } : {});
  const size = ((chat["messages"] ?? chat["conversations"]) as unknown[]).length;
  return chatValueToDialogue({ ...chat, id, ...list("messages"), ...list("conversations") }, 0, "conversation", 1, `${size} messages`);
}

/** A dialogue object, checked; fields beyond the Dialogue's (a pair's sides) are kept. */
function checkedDialogue(value: Record<string, unknown>, id: string | number): Dialogue {
  const parsed = Dialogue.loose().safeParse({ id, ...value });
  if (!parsed.success) throw new InputError(`not a dialogue {id, turns: [{speaker: "user" | "assistant", text}]}: ${describeIssues(parsed.error, 1)}`);
  return parsed.data;
}

const holdsChat = (value: Record<string, unknown>): boolean => Array.isArray(value["messages"]) || Array.isArray(value["conversations"]);

/** The dialogue in one value (see `DialogueInput`), or undefined when it holds none. */
function dialogueIn(value: unknown, id: string | number): Dialogue | undefined {
  if (typeof value === "string") return dialogueFromTranscript(value);
  if (Array.isArray(value)) return fromChat({ messages: value }, id);
  if (!isRecord(value)) return undefined;
  if (Array.isArray(value["turns"])) return checkedDialogue(value, id);
  if (holdsChat(value)) return fromChat(value, id);
  for (const key of CONVERSATION_KEYS) {
    const inner = value[key];
    if (inner !== undefined) return dialogueIn(inner, id);
  }
  return undefined;
}

function idIn(...values: unknown[]): string | number | undefined {
  for (const value of values) {
    const id = (value as { id?: unknown; dialogue_id?: unknown } | undefined)?.dialogue_id ?? (value as { id?: unknown } | undefined)?.id;
    if ((typeof id === "string" && id !== "") || (typeof id === "number" && Number.isInteger(id) && id >= 0)) return id;
  }
  return undefined;
}

const NOTHING_FOUND = `expected a message list, a transcript string, a dialogue {id, turns}, or an object with one under ${CONVERSATION_KEYS.join(", ")}`;

/**
 * The one dialogue an input holds (`DialogueInput`), checked: what `evaluateDialogue` and
 * `evaluateMany` judge. A dialogue without an id gets 0. Bad input is an InputError or a
 * DialogueParseError with a one-line message.
 */
export function dialogueOf(input: unknown): Dialogue {
  const dialogue = dialogueIn(input, idIn(input) ?? 0);
  if (!dialogue) throw new InputError(`no conversation found: ${NOTHING_FOUND}`);
  return dialogue;
}

/**
 * The conversation an evaluator judges: the first of `outputs` then `inputs` holding one
 * (`DialogueInput`); its id is the first `dialogue_id` or `id` of `outputs`, `inputs` or the example.
 */
export function conversationToDialogue(params: { inputs?: unknown; outputs?: unknown; example?: { id?: unknown } | undefined }): Dialogue {
  const id = idIn(params.outputs, params.inputs, params.example) ?? 0;
  for (const value of [params.outputs, params.inputs]) {
    const dialogue = dialogueIn(value, id);
    if (dialogue) return dialogue;
  }
  throw new InputError(`no conversation found in outputs or inputs: ${NOTHING_FOUND}`);
}
