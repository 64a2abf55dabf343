import { ChatGoogleGenerativeAI, type GoogleGenerativeAIChatInput } from "@langchain/google-genai";

/**
 * The Gemini client's error for a request that got no answer. The client (`@google/generative-ai`)
 * replaces fetch's `TypeError("fetch failed", { cause })` by its base `GoogleGenerativeAIError`
 * ("Error fetching from <url>: fetch failed") and drops the cause; this error says what it was, so
 * `classifyError` files it as a connection error by class, like the other providers'.
 */
export class GeminiConnectionError extends Error {
  override name = "APIConnectionError";
}

/** The Gemini client's error for an HTTP error status, its message without the client's prefix and the URL. */
export class GeminiStatusError extends Error {
  constructor(
    message: string,
    readonly status: number,
    options: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** "[GoogleGenerativeAI Error]: Error fetching from <url>: " */
const CLIENT_PREFIX = /^\[GoogleGenerativeAI Error\]: (Error fetching from \S+: )?/;

/** The client's base error class thrown by its own fetch wrapper, and only there, with this prefix. */
function isUnansweredRequest(error: unknown): error is Error {
  return error instanceof Error && error.constructor.name === "GoogleGenerativeAIError" && error.message.includes("Error fetching from ");
}

type Request = Parameters<ChatGoogleGenerativeAI["completionWithRetry"]>[0];
type Result = Awaited<ReturnType<ChatGoogleGenerativeAI["completionWithRetry"]>>;
/** The wrapper's client (private in its types): the Gemini SDK's model, which takes a per-request timeout. */
type GeminiClient = { generateContent(request: Request, options: { signal: AbortSignal }): Promise<Result> };

/**
 * `ChatGoogleGenerativeAI` with a per-request timeout (the LangChain wrapper passes neither a timeout
 * nor the call's signal to the client) and connection failures that keep their kind. One request per call: retries live in
 * `judges/retry.ts`.
 */
export class JudgeChatGoogle extends ChatGoogleGenerativeAI {
  private readonly timeoutMs: number;

  constructor(fields: GoogleGenerativeAIChatInput & { timeoutMs: number }) {
    super(fields);
    this.timeoutMs = fields.timeoutMs;
  }

  override async completionWithRetry(request: Request): Promise<Result> {
    const client = (this as unknown as { client: GeminiClient }).client;
    try {
      // A signal, not the client's `timeout`: that one's timer is never cleared and keeps the process alive.
      return await client.generateContent(request, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      if (isUnansweredRequest(error)) throw new GeminiConnectionError(error.message.replace(CLIENT_PREFIX, ""), { cause: error });
      const status = (error as { status?: unknown }).status;
      if (error instanceof Error && typeof status === "number") throw new GeminiStatusError(error.message.replace(CLIENT_PREFIX, ""), status, { cause: error });
      throw error;
    }
  }
}
