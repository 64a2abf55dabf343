/// <reference lib="dom" />
import type { JuryDetail, JurySummary } from "../model.js";
import { fmt, h, table } from "./dom.js";
import { card, grid, section } from "./layout.js";
import { PROTOCOL_TITLES } from "./section-protocols.js";

const ALPHA_NOTE =
  "Krippendorff's α across the jury's members over the run: 1 when they always agree, 0 when they agree no more than chance, below 0 when less. A low α says the verdict depends on which model judged: read such criteria with care. Interval metric for scores; nominal for checklist answers and pairwise preferences; a member that failed on a dialogue is a missing value.";

function juryCard(j: JurySummary): HTMLElement {
  const failures = Object.entries(j.failures);
  const rows = [["overall (continuous score)", fmt(j.overall, 2)], ...j.criteria.map((c) => [c.criterion, fmt(c.alpha, 2)])];
  return card(
    `${PROTOCOL_TITLES[j.protocol]?.split(":")[0] ?? j.protocol}: jury of ${j.members.length}`,
    h("div", null, h("p", null, `Members: ${j.members.join(", ")} · ${fmt(j.dialogues)} dialogues`), table(["criterion", `α (${j.metric})`], rows)),
    failures.length > 0 ? `Failed: ${failures.map(([member, n]) => `${member} on ${fmt(n)} dialogue${n === 1 ? "" : "s"}`).join(", ")} (left out of those verdicts).` : "No member failed.",
  );
}

/** The jury agreement section: shown only when some lines came from a jury (`--jury`). */
export function jurySection(juries: readonly JurySummary[]): HTMLElement | null {
  if (juries.length === 0) return null;
  return section("jury", "Jury agreement", h("p", { class: "lede" }, ALPHA_NOTE), grid(...juries.map(juryCard)));
}

/** A jury line's members in the detail panel: each one's headline, or why it failed. */
export function juryBlock(jury: JuryDetail | undefined): HTMLElement | null {
  if (!jury) return null;
  const rows = jury.members.map((m) => [m.member, m.status === "scored" ? fmt(m.headline) : "failed", m.error ?? ""]);
  return h("div", { class: "block" }, h("h4", null, `Jury of ${jury.members.length}`), h("p", { class: "muted" }, jury.aggregation), table(["member", "headline", "error"], rows));
}
