import type { ProtocolEntry } from "../graphs/registry.js";
import { assignModels, ModelSetting } from "../judges/model-assignment.js";
import { formatModelSpec } from "../judges/model-spec.js";

/** Which model answers each of a run's calls, read from its settings without building any client (no API key needed). */
export interface RunModels {
  /** `meta.model`: one model, or `role=model,…`. */
  label: string;
  /** The model of each role. */
  byRole: Readonly<Record<string, string>>;
  /** The model a call is sent to, by the call's role (`debate_critique` speaks for `generous`). */
  modelOfCall(callRole: string): string;
}

export function runModelsOf(protocol: ProtocolEntry, configurable: Record<string, unknown>): RunModels {
  const setting = ModelSetting.safeParse(configurable.model ?? "offline");
  if (configurable.chatModel !== undefined) {
    // An injected chat model answers every role; it is labelled by the model setting when one is given.
    const label = setting.success && typeof setting.data === "string" && setting.data !== "offline" ? setting.data : "injected";
    return { label, byRole: Object.fromEntries(protocol.roles.map((r) => [r, label])), modelOfCall: () => label };
  }
  const assignment = assignModels(setting.success ? setting.data : "offline", protocol.roles, protocol.id);
  const byRole = Object.fromEntries(Object.entries(assignment.byRole).map(([role, spec]) => [role, formatModelSpec(spec)]));
  const fallback = byRole[protocol.roles[0] ?? ""] ?? "offline";
  return {
    label: assignment.label,
    byRole,
    modelOfCall: (callRole) => byRole[protocol.modelRoleOf?.(callRole) ?? callRole] ?? fallback,
  };
}
