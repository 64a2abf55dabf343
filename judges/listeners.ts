import type { RunnableConfig } from "@langchain/core/runnables";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { tracingEnabled } from "./tracing-env.js";

/** A callbacks value with at least one handler (an array of handlers, or a callback manager). */
export function hasHandlers(callbacks: RunnableConfig["callbacks"]): boolean {
  if (!callbacks) return false;
  if (Array.isArray(callbacks)) return callbacks.length > 0;
  return (callbacks as { handlers?: unknown[] }).handlers?.length !== 0;
}

/**
 * Whether anything would see a call's LangChain runs: LangSmith tracing by environment, a run tree
 * traced by the caller (`traceable`), or handlers in the config (a tracer, Studio's message stream,
 * a caller's callbacks). When nothing does, a call can skip the wrapping runs that only name it.
 */
export function somethingListens(config: RunnableConfig | undefined): boolean {
  if (hasHandlers(config?.callbacks)) return true;
  if (tracingEnabled()) return true;
  const current = AsyncLocalStorageProviderSingleton.getInstance().getStore() as { tracingEnabled?: unknown } | undefined;
  return current?.tracingEnabled === true;
}
