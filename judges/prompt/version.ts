/**
 * The version of every prompt (`nodes/<protocol>/prompts.ts`, `judges/prompt/`). It is part of each result line's `meta.config_hash`,
 * so `tribunal evaluate --resume` never mixes lines judged with different prompts: bump it whenever a
 * prompt's text (framing, role instructions, repair message, rubric rendering) changes.
 */
export const PROMPT_VERSION = "2025-01.3";
