import { redact } from "../util/redact.js";
import type { CallFailure } from "./checks/problems.js";

/** What is read of a thrown value and of each link of its `cause` chain. */
interface ErrorShape {
  name?: unknown;
  status?: unknown;
  message?: unknown;
  code?: unknown;
  lc_error_code?: unknown;
  cause?: unknown;
}

/**
 * Names (`name`, or the class name: the OpenAI SDK's errors keep `name` "Error") of errors that mean
 * the request timed out: our own timeout and LangChain's wrapping of the SDK's, an abort, the SDK's
 * `APIConnectionTimeoutError`, the Gemini client's abort on its own timeout, undici's connect, headers and body timeouts.
 */
const TIMEOUT_NAMES: ReadonlySet<string> = new Set(["TimeoutError", "AbortError", "APIConnectionTimeoutError", "GoogleGenerativeAIAbortError", "ConnectTimeoutError", "HeadersTimeoutError", "BodyTimeoutError"]);
const TIMEOUT_CODES: ReadonlySet<string> = new Set(["ETIMEDOUT", "ESOCKETTIMEDOUT", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

/** The SDK's `APIConnectionError` (no status: the server never answered) and undici's socket error. */
const CONNECTION_NAMES: ReadonlySet<string> = new Set(["APIConnectionError", "SocketError"]);
/** Node's system error codes for a server that cannot be reached, or that dropped the connection. */
const CONNECTION_CODES: ReadonlySet<string> = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "EHOSTDOWN", "ENETUNREACH", "ENETDOWN", "EPIPE"]);
/** undici's codes (`UND_ERR_*`) for a mistake in the request or the client: resending will not help. */
const UNDICI_NOT_TRANSIENT: ReadonlySet<string> = new Set(["UND_ERR_INVALID_ARG", "UND_ERR_INVALID_RETURN_VALUE", "UND_ERR_NOT_SUPPORTED", "UND_ERR_ABORTED", "UND_ERR_RES_EXCEEDED_MAX_SIZE", "UND_ERR_REQ_CONTENT_LENGTH_MISMATCH"]);

/** The thrown value and its `cause` chain, outermost first (at most 8 links, no cycles). */
function causeChain(error: unknown): ErrorShape[] {
  const chain: ErrorShape[] = [];
  for (let current = error; typeof current === "object" && current !== null && chain.length < 8 && !chain.includes(current); current = (current as ErrorShape).cause) {
    chain.push(current as ErrorShape);
  }
  return chain;
}

/** A link's `name` and its class's name, so a guard works whether or not the class sets `name`. */
function namesOf(link: ErrorShape): string[] {
  const names = typeof link.name === "string" ? [link.name] : [];
  const className = (Object.getPrototypeOf(link) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof className === "string" ? [...names, className] : names;
}

const codeOf = (link: ErrorShape): string => (typeof link.code === "string" ? link.code : "");

function isTimeoutError(link: ErrorShape): boolean {
  return namesOf(link).some((n) => TIMEOUT_NAMES.has(n)) || TIMEOUT_CODES.has(codeOf(link));
}

/**
 * A request that never got an answer: the SDK's connection error, a refused, reset or unresolvable
 * connection (`cause.code`), undici's socket errors, or fetch's `TypeError` wrapping its cause.
 */
function isConnectionError(link: ErrorShape): boolean {
  const code = codeOf(link);
  if (CONNECTION_CODES.has(code) || (code.startsWith("UND_ERR_") && !UNDICI_NOT_TRANSIENT.has(code))) return true;
  const names = namesOf(link);
  // undici's fetch rejects with `TypeError("fetch failed", { cause })`; our own TypeErrors carry no cause.
  return names.some((n) => CONNECTION_NAMES.has(n)) || (names.includes("TypeError") && typeof link.cause === "object" && link.cause !== null);
}

const firstLine = (text: string): string => text.split("\n")[0] ?? "";

/** What the innermost cause says (`connect ECONNREFUSED 127.0.0.1:9`), when it says more than the error. */
function causeDetail(chain: readonly ErrorShape[]): string | undefined {
  const top = typeof chain[0]?.message === "string" ? chain[0].message : "";
  for (const link of chain.slice(1).reverse()) {
    const text = typeof link.message === "string" && link.message !== "" ? link.message : codeOf(link);
    if (text !== "" && text !== top) return firstLine(text);
  }
  return undefined;
}

/**
 * Sorts a provider or client error into a failure kind, by status, LangChain error code, then by the
 * names and codes of the error and its `cause` chain (never by message text); the message is redacted
 * and one line, with the innermost cause of a timeout or connection error.
 */
export function classifyError(agent: string, error: unknown): CallFailure {
  const chain = causeChain(error);
  const e: ErrorShape = chain[0] ?? { message: String(error) };
  const name = typeof e.name === "string" ? e.name : "";
  const status = typeof e.status === "number" ? e.status : undefined;
  let kind: CallFailure["kind"] = "error";
  if (status === 429 || /RateLimit/i.test(name) || e.lc_error_code === "MODEL_RATE_LIMIT") kind = "rate_limited";
  else if (status !== undefined && status >= 500) kind = "server_error";
  else if (status === 401 || status === 403 || e.lc_error_code === "MODEL_AUTHENTICATION") kind = "auth";
  else if (chain.some(isTimeoutError)) kind = "timeout";
  else if (chain.some(isConnectionError)) kind = "connection";
  let message = firstLine(typeof e.message === "string" ? e.message : String(error));
  const detail = kind === "timeout" || kind === "connection" ? causeDetail(chain) : undefined;
  if (detail) message = `${message} (${detail})`;
  message = redact(message).slice(0, 300);
  // The OpenAI client's messages already start with the status (`500 Internal error`): say it once.
  return { agent, kind, message: status !== undefined ? `HTTP ${status}: ${message.replace(new RegExp(`^${status}\\s+`), "")}` : message };
}
