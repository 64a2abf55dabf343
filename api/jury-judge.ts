import type { Dialogue } from "../dialogues/dialogue.js";
import { ConfigError } from "../judges/config-error.js";
import { juryMeta, type JuryBlock, type JuryVote } from "../results/jury.js";
import { unscoredLine } from "../results/unscored.js";
import { configHash } from "./config-hash.js";
import { createDialogueJudge, finishLine, type DialogueJudge, type DialogueJudgeOptions, type DialogueRun, type JudgeResult } from "./judge-dialogue.js";
import { juryMembers, type JuryMember, type JuryMemberInput } from "./jury-members.js";
import { wantsHumanReview } from "./options.js";

/** `jury(openai:gpt-4o-mini, anthropic:claude-3-5-haiku)`: a jury line's `meta.model`. */
const juryLabel = (members: readonly JuryMember[]) => `jury(${members.map((m) => m.name).join(", ")})`;

/**
 * A jury (`--jury`): the protocol runs once per member, in parallel, on the one judge path, and the
 * protocol's jury rule (graphs/registry.ts `jury`) makes one line of the members' scored lines. Each
 * member's whole line stays in `jury.members`; a member whose run failed is listed in `jury.failed`
 * and left out of the verdict (never a low score); the line is unscored only when every member failed.
 * A jury of one is the plain run.
 */
export function createJuryJudge(options: DialogueJudgeOptions, members: readonly JuryMember[]): DialogueJudge {
  if (members.length === 0) throw new ConfigError("a jury needs at least one member");
  const judgeOf = (member: JuryMember) => createDialogueJudge({ ...options, configurable: { ...options.configurable, ...member.overrides } });
  if (members.length === 1) return judgeOf(members[0] as JuryMember);
  if (wantsHumanReview(options.configurable)) throw new ConfigError("humanReview pauses one consensus for a reviewer; it cannot be combined with a jury");
  const judges = members.map((member) => ({ member: member.name, judge: judgeOf(member) }));
  // The members differ only in their models: the first speaks for the protocol, rubric and prices.
  const first = judges[0]?.judge as DialogueJudge;
  const { protocol } = first;
  const label = juryLabel(members);
  const identity = { ...first.identity, model: label, settings: { ...first.identity.settings, jury: judges.map((j) => ({ member: j.member, model: j.judge.identity.model, config_hash: j.judge.hash })) } };
  const hash = configHash(identity);
  const roleModels = Object.fromEntries(judges.flatMap((j) => Object.entries(j.judge.configuration.roleModels).map(([role, model]) => [`${j.member}/${role}`, model])));
  const configuration = { ...first.configuration, modelLabel: label, roleModels, llmJudges: () => judges.flatMap((j) => j.judge.configuration.llmJudges()) };
  const { rubric, blind } = configuration;

  const judgeOnce = async (dialogue: Dialogue, run: DialogueRun = {}): Promise<JudgeResult> => {
    const lines = await Promise.all(
      judges.map(({ member, judge }) => judge.judgeOnce(dialogue, { ...run, tags: [...(run.tags ?? []), `jury_member:${member}`], metadata: { ...run.metadata, jury_member: member } })),
    );
    const results = judges.map(({ member }, i) => ({ member, line: lines[i] as JudgeResult }));
    const votes: JuryVote[] = results.filter((r) => r.line.meta.status === "scored").map((r) => ({ member: r.member, line: r.line }));
    const failed = results.filter((r) => r.line.meta.status !== "scored").map((r) => ({ member: r.member, error: errorText(r.line) }));
    const jury: JuryBlock = {
      aggregation: protocol.jury.rule,
      members: results.map((r) => ({ member: r.member, status: r.line.meta.status, line: r.line })),
      failed,
    };
    const meta = juryMeta(results.map((r) => ({ member: r.member, meta: r.line.meta })), { protocol: protocol.id, rubric: rubric.id, model: label, scored: votes.length > 0 });
    meta.warnings.push(...failed.map((f) => `jury member ${f.member} failed (${f.error}); the verdict is the other ${votes.length} member${votes.length === 1 ? "'s" : "s'"}`));
    if (votes.length === 0) {
      const error = { agent: "jury", kind: "error" as const, message: `every jury member failed: ${failed.map((f) => `${f.member}: ${f.error}`).join("; ")}` };
      return { ...unscoredLine({ dialogueId: dialogue.id, protocol: protocol.id, rubric: rubric.id, model: label, error }), jury, meta };
    }
    return { dialogue_id: dialogue.id, ...protocol.jury.aggregate(votes, { rubric, dialogue, blind }), jury, meta };
  };

  const finish = (line: JudgeResult, dialogue: Dialogue, file: string | null = null) =>
    finishLine(line, dialogue, { hash, roleModels, costOf: first.costOf, judgesSubmissions: protocol.judgesSubmissions === true, file });

  return {
    protocol,
    configuration,
    identity,
    hash,
    labels: { ...first.labels, model: label },
    priced: judges.every((j) => j.judge.priced),
    judgeOnce,
    finish,
    costOf: first.costOf,
    judge: async (dialogue, run) => finish(await judgeOnce(dialogue, run), dialogue).line,
    probe: async () => {
      const notes: string[] = [];
      // One member after the other: the first that cannot judge stops the run, naming itself.
      for (const { member, judge } of judges) {
        try {
          const note = await judge.probe();
          if (note) notes.push(`jury member ${member}: ${note}`);
        } catch (e) {
          if (e instanceof ConfigError) throw new ConfigError(`jury member ${member}: ${e.message}`);
          throw e;
        }
      }
      return notes.length > 0 ? notes.join("\n") : undefined;
    },
    outputModes: () => Object.assign({}, ...judges.map((j) => j.judge.outputModes())),
  };
}

/** An unscored member line's error, in one line. */
function errorText(line: JudgeResult): string {
  const error = (line as { error?: { kind?: unknown; message?: unknown } }).error;
  return error ? `${String(error.kind ?? "error")}: ${String(error.message ?? "")}` : "no result";
}

/** The run's judge: a jury when members are given (the members carry the models), else the plain judge. */
export function createRunJudge(options: DialogueJudgeOptions, jury?: readonly JuryMemberInput[]): DialogueJudge {
  if (!jury) return createDialogueJudge(options);
  const { model, chatModel } = options.configurable;
  if ((model !== undefined && model !== "offline") || chatModel !== undefined) throw new ConfigError("give the models either as the run's model or as jury members, not both");
  return createJuryJudge(options, juryMembers(jury, options.protocol));
}
