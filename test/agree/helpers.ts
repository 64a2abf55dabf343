/** Hand-made result lines of each protocol, as `tribunal evaluate` writes them (only the fields agree reads). */
export function panelLine(id: string | number, average: number, overall: number, criteria: Record<string, number> = {}): Record<string, unknown> {
  const finals = Object.fromEntries(Object.entries(criteria).map(([k, v]) => [k, { score: v, justification: "…" }]));
  return { dialogue_id: id, referee_final: { ...finals, numeric_weighted_average: average, OverallExperience: overall }, meta: { protocol: "panel", rubric: "customer-service", status: "scored" } };
}

export function unscoredLine(id: string | number): Record<string, unknown> {
  return { dialogue_id: id, status: "unscored", error: { agent: "panel", kind: "error", message: "boom" }, meta: { protocol: "panel", status: "unscored" } };
}

export function jsonl(lines: readonly Record<string, unknown>[]): string {
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

/** A USS-format dialogue with its OVERALL ratings (or none). */
export function ussDialogue(text: string, overall?: readonly number[]): string {
  const lines = [`SYSTEM\tHello, how can I help?\tOTHER\t`, `USER\t${text}\tOTHER\t3,3,3`, `SYSTEM\tSure.\tOTHER\t`];
  if (overall) lines.push(`USER\tOVERALL\tOTHER\t${overall.join(",")}`);
  return lines.join("\n");
}
