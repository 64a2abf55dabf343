import { readDialogues } from "/work/main/dialogues/index.js";
import { extractFeatures, FEATURE_NAMES, contentWords, isQuestion, compileCues, findCues, countWords } from "/work/main/judges/offline/features/index.js";
import Sentiment from "sentiment";
const senti = new Sentiment();
import type { Dialogue } from "/work/main/dialogues/dialogue.js";

function rank(a: number[]) { const idx = a.map((v, i) => [v, i] as const).sort((x, y) => x[0] - y[0]); const r = new Array(a.length); let i = 0; while (i < idx.length) { let j = i; while (j + 1 < idx.length && idx[j + 1]![0] === idx[i]![0]) j++; const avg = (i + j) / 2 + 1; for (let k = i; k <= j; k++) r[idx[k]![1]] = avg; i = j + 1; } return r as number[]; }
function pearson(a: number[], b: number[]) { const n = a.length; const ma = a.reduce((s, x) => s + x, 0) / n, mb = b.reduce((s, x) => s + x, 0) / n; let num = 0, da = 0, db = 0; for (let i = 0; i < n; i++) { num += (a[i]! - ma) * (b[i]! - mb); da += (a[i]! - ma) ** 2; db += (b[i]! - mb) ** 2; } return num / Math.sqrt(da * db || 1); }
export const spearman = (a: number[], b: number[]) => pearson(rank(a), rank(b));

const completion = compileCues(["booked", "reserved", "reservation is", "confirmed", "reference number", "confirmation number", "all set", "i have sent", "i've sent", "done", "here is", "here are", "your booking", "successfully"]);
const noResult = compileCues(["there are no", "there is no", "no results", "unfortunately", "not available", "don't have", "do not have", "couldn't find", "could not find", "unable to", "no matches", "nothing"]);
const positive = compileCues(["great", "perfect", "awesome", "excellent", "wonderful", "good", "nice", "love", "like", "enjoy*", "favorite", "favourite", "fun", "amazing", "yes", "yeah", "sure"]);
const declines = compileCues([/^\s*(?:no|nope|nah)\b(?![,.!\s]*(?:that'?s|thats|thank|i'?m\s+good|i\s+am\s+good|nothing|all))/, "haven't seen", "have not seen", "never seen", "not seen", "haven't heard", "never heard", "not heard of", "haven't watched", "never watched", "don't know", "do not know", "no idea", "not familiar", "not really", "not sure"]);
const negative = compileCues(["no", "not", "don't", "didn't", "never", "hate", "dislike", "bad", "boring", "terrible", "awful", "nope"]);

export function extras(d: Dialogue) {
  const u = d.turns.filter(t => t.speaker === "user"), a = d.turns.filter(t => t.speaker === "assistant");
  const share = (xs: typeof u, f: (t: typeof u[number]) => boolean) => xs.length ? xs.filter(f).length / xs.length : 0;
  let followUps = 0, aq = 0;
  d.turns.forEach((t, i) => { if (t.speaker !== "assistant" || !isQuestion(t.text)) return; aq++; const prev = d.turns.slice(0, i).reverse().find(x => x.speaker === "user"); if (!prev) return; const cw = contentWords(prev.text); for (const w of contentWords(t.text)) if (cw.has(w)) { followUps++; break; } });
  const lastUser = u[u.length - 1];
  return {
    digitsShare: share(a, t => /\d/.test(t.text)),
    completion: share(a, t => findCues(t.text, completion).length > 0),
    noResult: share(a, t => findCues(t.text, noResult).length > 0),
    userPositive: share(u, t => findCues(t.text, positive).length > 0),
    userNegative: share(u, t => findCues(t.text, negative).length > 0),
    followUp: aq ? followUps / aq : 0,
    userQuestionShare: share(u, t => isQuestion(t.text)),
    userTurnRatio: u.length / Math.max(1, a.length),
    lastUserThanks: lastUser && /thank|great|perfect|bye/i.test(lastUser.text) ? 1 : 0,
    logUserWords: Math.log1p(u.reduce((s, t) => s + countWords(t.text), 0) / Math.max(1, u.length)),
    userTurns: u.length,
    userSentiment: u.length ? u.reduce((s, t) => s + senti.analyze(t.text).comparative, 0) / u.length : 0,
    userSentimentSum: u.reduce((s, t) => s + senti.analyze(t.text).score, 0),
    userNegTurns: share(u, t => senti.analyze(t.text).score < 0),
    userPosTurns: share(u, t => senti.analyze(t.text).score > 0),
    lateUserSentiment: (() => { const late = u.slice(Math.floor(u.length * 2 / 3)); return late.length ? late.reduce((s, t) => s + senti.analyze(t.text).comparative, 0) / late.length : 0; })(),
    minUserSentiment: Math.min(0, ...u.map(t => senti.analyze(t.text).score)),
    asstSentiment: a.length ? a.reduce((s, t) => s + senti.analyze(t.text).comparative, 0) / a.length : 0,
    lastUserPositive: lastUser && findCues(lastUser.text, positive).length > 0 && findCues(lastUser.text, declines).length === 0 ? 1 : 0,
    latePositive: (() => { const late = u.slice(Math.floor(u.length * 2 / 3)); return share(late, t => findCues(t.text, positive).length > 0); })(),
    lateNegative: (() => { const late = u.slice(Math.floor(u.length * 2 / 3)); return share(late, t => findCues(t.text, negative).length > 0); })(),
    declineRate: u.filter(t => findCues(t.text, declines).length > 0).length / Math.max(1, a.filter(t => isQuestion(t.text)).length),
    lastAssistantQuestion: (() => { const la = a[a.length - 1]; return la && isQuestion(la.text) ? 1 : 0; })(),
    lastUserWords: lastUser ? Math.log1p(countWords(lastUser.text)) : 0,
    userDeclines: share(u, t => findCues(t.text, declines).length > 0),
    lateDeclines: (() => { const late = u.slice(Math.floor(u.length * 2 / 3)); return share(late, t => findCues(t.text, declines).length > 0); })(),
    lastUserDecline: lastUser && findCues(lastUser.text, declines).length > 0 ? 1 : 0,
    assistantTurns: a.length,
    maxUserWords: Math.max(0, ...u.map(t => countWords(t.text))),
  };
}

export async function load(file: string) {
  const rows: { d: Dialogue; y: number; x: Record<string, number> }[] = [];
  for await (const d of readDialogues(file)) {
    const f = extractFeatures(d); const x: Record<string, number> = {};
    for (const n of FEATURE_NAMES) x[n] = f[n].value;
    Object.assign(x, extras(d));
    const r = d.overallRatings!; rows.push({ d, y: r.reduce((s, v) => s + v, 0) / r.length, x });
  }
  return rows;
}

if (process.argv[2] === "corr") {
  for (const name of ["CCPE", "MWOZ"]) {
    const rows = await load(`/work/shared/data/uss/${name}.txt`);
    const keys = Object.keys(rows[0]!.x);
    console.log(name, keys.map(k => `${k}=${spearman(rows.map(r => r.x[k]!), rows.map(r => r.y)).toFixed(3)}`).join(" "));
  }
}
