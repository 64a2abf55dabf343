import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import { describeIssues } from "../util/zod-issues.js";
import { RubricError } from "./errors.js";
import { RubricSchema, type Rubric } from "./schema.js";

const BUILT_IN_DIR = fileURLToPath(new URL(".", import.meta.url));
const RUBRIC_EXTENSIONS = [".json", ".yaml", ".yml"];
const cache = new Map<string, Rubric>();

/** Ids of the rubrics shipped in `rubrics/`. */
export function builtInRubricIds(): string[] {
  return readdirSync(BUILT_IN_DIR)
    .filter((f) => RUBRIC_EXTENSIONS.includes(extname(f)))
    .map((f) => f.slice(0, -extname(f).length))
    .sort();
}

function looksLikePath(ref: string): boolean {
  return ref.includes("/") || ref.includes("\\") || RUBRIC_EXTENSIONS.includes(extname(ref));
}

function resolveRubricFile(ref: string): string {
  if (looksLikePath(ref)) {
    const file = resolve(ref);
    if (!existsSync(file)) throw new RubricError(ref, "file not found");
    return file;
  }
  for (const ext of RUBRIC_EXTENSIONS) {
    const file = resolve(BUILT_IN_DIR, `${ref}${ext}`);
    if (existsSync(file)) return file;
  }
  throw new RubricError(ref, `no built-in rubric with this id; built-in rubrics: ${builtInRubricIds().join(", ")}; or give a path to a JSON/YAML file`);
}

function parseRubricText(text: string, file: string): unknown {
  try {
    return extname(file) === ".json" ? JSON.parse(text) : parseYaml(text);
  } catch (e) {
    throw new RubricError(file, `not valid ${extname(file) === ".json" ? "JSON" : "YAML"}: ${(e as Error).message.split("\n")[0]}`);
  }
}

/** Validates a rubric object; errors name the offending field. */
export function validateRubric(value: unknown, origin = "<object>"): Rubric {
  const parsed = RubricSchema.safeParse(value);
  if (!parsed.success) throw new RubricError(origin, describeIssues(parsed.error));
  return parsed.data;
}

/** A built-in rubric id (`customer-service`), a path to a JSON/YAML rubric, or a rubric object. */
export function loadRubric(ref: string | Rubric): Rubric {
  if (typeof ref !== "string") return ref;
  const file = resolveRubricFile(ref);
  // Keyed by modification time and size too: an edited rubric is reloaded in a long-lived process (Studio).
  const { mtimeMs, size } = statSync(file);
  const key = `${file}\0${mtimeMs}\0${size}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const rubric = validateRubric(parseRubricText(readFileSync(file, "utf8"), file), file);
  cache.set(key, rubric);
  return rubric;
}

/** The built-in rubric with this id, or undefined: a result line's `meta.rubric` is data, never read as a path. */
export function builtInRubric(id: unknown): Rubric | undefined {
  return typeof id === "string" && builtInRubricIds().includes(id) ? loadRubric(id) : undefined;
}
