import type { ProtocolEntry } from "../graphs/registry.js";
import { modelLabels, ModelSetting, type ModelLabels } from "../judges/model-assignment.js";

/** Which model answers each of a run's calls, read from its settings without building any client (no API key needed). */
export interface RunModels extends ModelLabels {
  /** The model a call is sent to, by the call's role (`debate_critique` speaks for `generous`). */
  modelOfCall(callRole: string): string;
}

export function runModelsOf(protocol: ProtocolEntry, configurable: Record<string, unknown>): RunModels {
  const setting = ModelSetting.safeParse(configurable.model ?? "offline");
  const labels = modelLabels(setting.success ? setting.data : "offline", protocol.roles, protocol.id, configurable.chatModel !== undefined);
  const fallback = labels.byRole[protocol.roles[0] ?? ""] ?? labels.label;
  return { ...labels, modelOfCall: (callRole) => labels.byRole[protocol.modelRoleOf?.(callRole) ?? callRole] ?? fallback };
}
