// Builds a pairs file for `tribunal evaluate --protocol pairwise` from a labelled USS file: every two
// dialogues whose human OVERALL means differ by at least --min-gap, in a seeded random order (capped at
// --max), each with a random side A, so that "the better one is always shown as A" cannot pass for skill.
// Ratings are stripped: the judge never sees them. Pair ids are "<id A>~<id B>"; a USS dialogue's id is
// its 0-based position, which `tribunal agree --pairs --labels <the same USS file>` resolves back.
//
// Usage: npx tsx scripts/uss-pairs.ts <uss file> [--min-gap 1] [--seed 20210711] [--max <n>] [--out pairs.jsonl]
import { writeFileSync } from "node:fs";
import { Command, InvalidArgumentError } from "@commander-js/extra-typings";
import { DEFAULT_MIN_GAP } from "../agreement/pairs.js";
import { humanSide } from "../agreement/human-side.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import { isDialogueParseError } from "../dialogues/errors.js";
import { readDialogues } from "../dialogues/read.js";
import { DEFAULT_SEED } from "../metrics/bootstrap.js";
import { mulberry32 } from "../metrics/random.js";
import { pairsFileLine } from "../nodes/pairwise/pairs-file.js";

function positiveNumber(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === "" || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`${name} must be a number > 0`);
    return n;
  };
}

function wholeNumber(name: string, min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be a whole number ≥ ${min}`);
    return n;
  };
}

interface Pair {
  a: Dialogue;
  b: Dialogue;
}

/** Every two dialogues (i < j) the humans tell apart by at least `minGap`, in file order. */
function separatedPairs(dialogues: readonly Dialogue[], minGap: number): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 0; i < dialogues.length; i++) {
    for (let j = i + 1; j < dialogues.length; j++) {
      const [a, b] = [dialogues[i] as Dialogue, dialogues[j] as Dialogue];
      if (humanSide(a, b, minGap).kind === "better") pairs.push({ a, b });
    }
  }
  return pairs;
}

/** Fisher–Yates with the seeded generator; then each kept pair's sides are swapped on a coin flip. */
function shuffledSample(pairs: Pair[], random: () => number, max: number | undefined): Pair[] {
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j] as Pair, pairs[i] as Pair];
  }
  const kept = max === undefined ? pairs : pairs.slice(0, max);
  return kept.map((p) => (random() < 0.5 ? { a: p.b, b: p.a } : p));
}

const program = new Command()
  .name("uss-pairs")
  .description("Pairs of dialogues the humans tell apart, from a labelled USS file, as a pairs JSONL file (ratings stripped).")
  .argument("<uss>", "USS tab-separated file with USER OVERALL rating lines (e.g. CCPE.txt, MWOZ.txt)")
  .option("--min-gap <d>", "smallest difference of the two human OVERALL means", positiveNumber("--min-gap"), DEFAULT_MIN_GAP)
  .option("--seed <n>", "seed of the shuffle and of the side each dialogue takes", wholeNumber("--seed", 0), DEFAULT_SEED)
  .option("--max <n>", "keep at most this many pairs (a seeded random sample)", wholeNumber("--max", 1))
  .option("--out <pairs.jsonl>", "write here instead of stdout")
  .action(async (file, opts) => {
    const dialogues: Dialogue[] = [];
    try {
      for await (const d of readDialogues(file)) dialogues.push(d);
    } catch (e) {
      if (!isDialogueParseError(e)) throw e;
      process.stderr.write(`uss-pairs: ${e.message}\n`);
      process.exitCode = 2;
      return;
    }
    const all = separatedPairs(dialogues, opts.minGap);
    const kept = shuffledSample(all, mulberry32(opts.seed), opts.max);
    const text = kept.map((p) => pairsFileLine(`${String(p.a.id)}~${String(p.b.id)}`, p.a, p.b)).join("");
    if (opts.out) writeFileSync(opts.out, text);
    else process.stdout.write(text);
    const rated = dialogues.filter((d) => (d.overallRatings?.length ?? 0) > 0).length;
    const aHigher = kept.filter((p) => {
      const human = humanSide(p.a, p.b, opts.minGap);
      return human.kind === "better" && human.side === "A";
    }).length;
    process.stderr.write(
      `uss-pairs: ${dialogues.length} dialogues (${rated} rated), ${all.length} pairs with human means ≥ ${opts.minGap} apart; wrote ${kept.length}${opts.out ? ` to ${opts.out}` : ""} (A rated higher in ${aHigher}), seed ${opts.seed}\n`,
    );
  });

try {
  await program.exitOverride().parseAsync(process.argv);
} catch (e) {
  // Commander has printed the usage error; --help exits 0.
  process.exitCode = (e as { exitCode?: number }).exitCode === 0 ? 0 : 2;
}
