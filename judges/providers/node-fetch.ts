import fetch from "node-fetch";

/**
 * `fetch` for the OpenAI client from the node-fetch package (node:http with the global keep-alive
 * agent). Node's own fetch (undici, web streams) costs about 1 ms of CPU per request here, this a
 * third of that: at 64 calls in flight that is the judging process's largest single cost after
 * LangGraph. It fails as the client expects (a FetchError with the system error's code, an AbortError).
 */
export const nodeFetch = fetch as unknown as typeof globalThis.fetch;
