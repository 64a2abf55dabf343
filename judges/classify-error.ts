import { redact } from "../util/redact.js";
import type { CallFailure } from "./checks/problems.js";

interface ProviderErrorShape {
  name?: string;
  status?: number;
  message?: string;
  lc_error_code?: string;
}

/** Sorts a provider or client error into a failure kind; the message is redacted and one line. */
export function classifyError(agent: string, error: unknown): CallFailure {
  const e = (typeof error === "object" && error !== null ? error : { message: String(error) }) as ProviderErrorShape;
  const name = e.name ?? "";
  const text = `${name} ${e.message ?? ""}`;
  const message = redact((e.message ?? String(error)).split("\n")[0] ?? "").slice(0, 300);
  const status = typeof e.status === "number" ? e.status : undefined;
  let kind: CallFailure["kind"] = "error";
  if (status === 429 || /RateLimit/i.test(name) || e.lc_error_code === "MODEL_RATE_LIMIT") kind = "rate_limited";
  else if (status !== undefined && status >= 500) kind = "server_error";
  else if (status === 401 || status === 403 || e.lc_error_code === "MODEL_AUTHENTICATION") kind = "auth";
  else if (/timeout|timed out|AbortError/i.test(text)) kind = "timeout";
  else if (/APIConnectionError|ECONNREFUSED|ECONNRESET|ENOTFOUND|fetch failed/i.test(text)) kind = "connection";
  // The OpenAI client's messages already start with the status (`500 Internal error`): say it once.
  return { agent, kind, message: status !== undefined ? `HTTP ${status}: ${message.replace(new RegExp(`^${status}\\s+`), "")}` : message };
}
