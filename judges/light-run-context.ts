import type { RunnableConfig } from "@langchain/core/runnables";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { somethingListens } from "./listeners.js";

/** Where LangChain keeps a runnable's config in its async-local store, and the store's context variables. */
const LC_CHILD_KEY = Symbol.for("lc:child_config");
const CONTEXT_VARIABLES_KEY = Symbol.for("lc:context_variables");

type RunWithConfig = (config: RunnableConfig | undefined, callback: () => unknown, avoidCreatingRootRunTree?: boolean) => unknown;
interface Provider {
  runWithConfig: RunWithConfig;
  getInstance(): { getStore(): unknown; run(store: unknown, callback: () => unknown): unknown };
}

let installed = false;

/**
 * LangChain runs every runnable (each graph node, edge and model call: about 40 per panel dialogue)
 * inside an async-local store that is a LangSmith `RunTree`, with tracing off as well: a random id,
 * a timestamp and a dotted order each, for nothing to read. When nothing listens (no handlers, no
 * tracing, no traced parent), this keeps the same config in a plain store instead; LangChain reads
 * only its `extra` and context variables. Anything that listens gets LangChain's own behaviour.
 */
export function installLightRunContext(): void {
  if (installed) return;
  installed = true;
  const provider = AsyncLocalStorageProviderSingleton as unknown as Provider;
  const original = provider.runWithConfig.bind(provider);
  provider.runWithConfig = (config, callback, avoidCreatingRootRunTree) => {
    if (avoidCreatingRootRunTree || somethingListens(config)) return original(config, callback, avoidCreatingRootRunTree);
    const storage = provider.getInstance();
    const previous = storage.getStore() as Record<symbol, unknown> | undefined;
    const store: Record<string | symbol, unknown> = { extra: { [LC_CHILD_KEY]: config } };
    if (previous?.[CONTEXT_VARIABLES_KEY] !== undefined) store[CONTEXT_VARIABLES_KEY] = previous[CONTEXT_VARIABLES_KEY];
    return storage.run(store, callback);
  };
}
