import { readFileSync } from "node:fs";
import { z } from "zod";
import { ConfigError } from "../judges/config-error.js";

const Price = z.object({
  input: z.number().nonnegative().describe("USD per 1M input tokens"),
  output: z.number().nonnegative().describe("USD per 1M output tokens"),
});
export type Price = z.infer<typeof Price>;

export const PriceFile = z.object({
  about: z.string().optional(),
  models: z.record(z.string(), Price),
});
export type PriceTable = Record<string, Price>;

const BUNDLED = new URL("./prices.json", import.meta.url);

function readPriceFile(file: string | URL, label: string): PriceTable {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ConfigError(`cannot read ${label}: ${(e as Error).message.split("\n")[0]}`);
  }
  const parsed = PriceFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${label}: ${issue?.path.join(".") || "file"}: ${issue?.message}; expected {"models": {"<model>": {"input": <USD per 1M>, "output": <USD per 1M>}}}`);
  }
  return parsed.data.models;
}

/** The bundled table, with the entries of `overrides` (a `--prices` file) on top. */
export function loadPrices(overrides?: string): PriceTable {
  const bundled = readPriceFile(BUNDLED, "the bundled price table");
  return overrides ? { ...bundled, ...readPriceFile(overrides, `--prices ${overrides}`) } : bundled;
}

/**
 * The price of a model label (`openai:gpt-4o-mini`, `azure:<deployment>`, `offline`): the label
 * itself, then the name after the provider, then the longest table name it starts with followed
 * by `-` (a dated snapshot). `offline` costs nothing; undefined when unknown.
 */
export function priceFor(modelLabel: string, table: PriceTable): Price | undefined {
  if (modelLabel === "offline") return { input: 0, output: 0 };
  const name = modelLabel.includes(":") ? modelLabel.slice(modelLabel.indexOf(":") + 1) : modelLabel;
  const exact = table[modelLabel] ?? table[name];
  if (exact) return exact;
  const prefix = Object.keys(table)
    .filter((key) => name.startsWith(`${key}-`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? table[prefix] : undefined;
}

export function costUsd(tokens: { input: number; output: number }, price: Price): number {
  return (tokens.input * price.input + tokens.output * price.output) / 1_000_000;
}
