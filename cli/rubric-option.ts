import type { ProtocolEntry } from "../graphs/registry.js";
import { ConfigError } from "../judges/config-error.js";
import { parseCriteriaText } from "../rubrics/criteria-text.js";
import { loadRubric } from "../rubrics/load.js";
import { quickRubric } from "../rubrics/quick-rubric.js";
import type { Rubric } from "../rubrics/schema.js";

/**
 * The run's rubric setting from `--rubric <id|path>` or `--criteria "Name: description; …"` (a rubric
 * built on the scale of the protocol's default rubric); undefined for the protocol's default.
 */
export function rubricSetting(options: { rubric?: string; criteria?: string }, protocol: ProtocolEntry): string | Rubric | undefined {
  if (options.criteria === undefined) return options.rubric;
  if (options.rubric !== undefined) throw new ConfigError("give either --rubric or --criteria, not both (--criteria builds a rubric on the scale of the protocol's default one)");
  const rubric = quickRubric(parseCriteriaText(options.criteria), loadRubric(protocol.defaultRubric));
  protocol.checkRubric(rubric);
  return rubric;
}
