import { DialogueParseError } from "./errors.js";

export const RATINGS_EXPECTED = "a comma-separated list of integer ratings 1-5 (e.g. 3,4,4)";

/**
 * Parses a USS ratings column such as `3,3,4`. Every item must be an integer 1–5; empty items
 * (`3,,4`), other characters (`3,x,2`) and out-of-range values (`7`) are errors.
 */
export function parseRatings(column: string, file: string, line: number): number[] {
  const items = column.trim().split(",");
  const ratings: number[] = [];
  for (const item of items) {
    const trimmed = item.trim();
    if (!/^[1-5]$/.test(trimmed)) {
      throw new DialogueParseError(file, line, RATINGS_EXPECTED, column);
    }
    ratings.push(Number(trimmed));
  }
  return ratings;
}

/**
 * Whether the last whitespace-free token of a loose (space-separated) line is an attempt at a
 * ratings list, valid or not. After an action token (`OVERALL OTHER 4`, `OTHER 3,,4`) any token of
 * digits and commas counts. Without one, it takes a comma and single-digit items (`3,3,4`, `3,,4`,
 * `9,2`), so utterances ending in `Incredibles 2` or `1,000` keep their last word.
 */
export function looksLikeRatings(token: string, afterAction: boolean): boolean {
  if (!/^[0-9,]+$/.test(token) || !/[0-9]/.test(token)) return false;
  if (afterAction) return true;
  return token.includes(",") && token.split(",").every((item) => item.length <= 1);
}
