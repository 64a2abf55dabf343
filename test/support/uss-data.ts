import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { ROOT } from "./cli.js";

/** Where the USS data is looked for when TRIBUNAL_DATA_DIR is not set: `../shared/data` beside the checkout. */
export const DEFAULT_DATA_DIR = resolve(ROOT, "..", "shared", "data");

/**
 * The data folder holding `uss/CCPE.txt` and `uss/MWOZ.txt`: `fromEnv` (TRIBUNAL_DATA_DIR) when set,
 * else `fallback`. Throws, naming where it looked, when that folder has no `uss/`: the tests that
 * need the data fail rather than skip.
 */
export function resolveDataDir(fromEnv: string | undefined, fallback: string): string {
  const dir = fromEnv ? resolve(fromEnv) : fallback;
  if (existsSync(join(dir, "uss"))) return dir;
  const where = fromEnv ? `TRIBUNAL_DATA_DIR=${fromEnv}` : `TRIBUNAL_DATA_DIR is not set and ${fallback}`;
  throw new Error(`${where} has no uss/ folder: put the data (uss/CCPE.txt, uss/MWOZ.txt) at ../shared/data beside the checkout, or point TRIBUNAL_DATA_DIR at it`);
}

/** A file of the USS data, e.g. `ussFile("CCPE.txt")`. */
export function ussFile(name: string): string {
  return join(resolveDataDir(process.env["TRIBUNAL_DATA_DIR"], DEFAULT_DATA_DIR), "uss", name);
}
