/// <reference lib="dom" />
import type { DialoguePanel, HumanView, TranscriptTurn, TranscriptView, TurnMark } from "../model.js";
import { badge, fmt, h } from "./dom.js";

function humanBlock(v: HumanView): HTMLElement {
  const j = v.judge;
  return h(
    "div",
    { class: "block human" },
    h("h4", null, "Human rating"),
    v.rated.map((r) => h("p", null, h("strong", null, `${r.label}: `), r.ratings.join(", "), ` (mean ${fmt(r.mean, 2)} on 1–5)`)),
    j
      ? h(
          "p",
          { class: "human-gap" },
          `Judge ${j.field} ${fmt(j.value, 2)} → ${fmt(j.onHumanScale, 2)} on 1–5 · `,
          h("strong", null, `|judge − human| ${fmt(j.gap, 2)}`),
        )
      : null,
  );
}

/** One chip per agent and criterion; its title lists what it quoted in this turn. */
function markChips(marks: readonly TurnMark[]): HTMLElement | null {
  if (marks.length === 0) return null;
  const byAgent = new Map<string, string[]>();
  for (const m of marks) {
    const texts = byAgent.get(m.by) ?? [];
    const shown = m.kind === "quote" ? `“${m.text}”` : `cites ${m.text}`;
    if (!texts.includes(shown)) texts.push(shown);
    byAgent.set(m.by, texts);
  }
  return h("span", { class: "marks" }, [...byAgent].map(([by, texts]) => h("span", { class: "badge quoted-by", title: texts.join("\n") }, by)));
}

function turnItem(t: TranscriptTurn): HTMLElement {
  const quoted = t.marks.length > 0;
  return h(
    "li",
    { class: `turn-item role-${t.role}${quoted ? " quoted" : ""}`, "data-turn": t.index },
    h(
      "div",
      { class: "turn-head" },
      h("span", { class: "turn-index" }, String(t.index)),
      h("span", { class: "role" }, t.role),
      t.ratings ? h("span", { class: "muted", title: "human ratings of this turn" }, ` rated ${t.ratings.join(", ")}`) : null,
      markChips(t.marks),
    ),
    h("div", { class: "turn-text" }, t.text),
  );
}

function transcriptBlock(v: TranscriptView): HTMLElement {
  const quoted = v.turns.filter((t) => t.marks.length > 0).length;
  return h(
    "div",
    { class: "transcript", "data-side": v.label },
    h("h4", null, `${v.label} `, h("span", { class: "dialogue-id" }, v.dialogueId), ` · ${fmt(v.turns.length)} turns, ${fmt(quoted)} quoted`),
    v.systemPrompt !== null ? h("div", { class: "system-prompt" }, h("span", { class: "role" }, "system prompt"), h("div", { class: "turn-text" }, v.systemPrompt)) : null,
    h("ol", { class: "turns" }, v.turns.map(turnItem)),
    v.unplaced.length > 0
      ? h(
          "div",
          { class: "block warn unplaced" },
          h("h4", null, `On no turn of this transcript (${v.unplaced.length})`),
          h("ul", { class: "plain" }, v.unplaced.map((m) => h("li", null, badge(m.by), " ", m.kind === "quote" ? h("q", null, m.text) : `cites ${m.text}`))),
        )
      : null,
  );
}

/**
 * The column beside the verdicts: the human rating (with --labels), then every turn of the
 * transcript with its role, the turns a verdict quotes highlighted and labelled with who quoted them.
 * All text goes into text nodes (dom.ts), so a turn holding markup shows as text.
 */
export function dialogueColumn(panel: DialoguePanel | undefined, source: { dialogues: string | null; labels: string | null }): HTMLElement {
  return h(
    "div",
    { class: "dialogue-column" },
    panel?.human ? humanBlock(panel.human) : source.labels ? h("p", { class: "muted" }, `No human OVERALL rating for this dialogue in ${source.labels}.`) : null,
    panel && panel.notes.length > 0 ? h("ul", { class: "notes" }, panel.notes.map((n) => h("li", null, n))) : null,
    source.dialogues === null
      ? h("p", { class: "muted no-transcript" }, "No transcript: this report was built without the dialogues. Build it with --dialogues <the file tribunal evaluate read> (or --labels with a dialogues file that holds the text) to see the turns beside the verdicts.")
      : (panel?.transcripts ?? []).map(transcriptBlock),
  );
}
