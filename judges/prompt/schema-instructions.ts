/**
 * For the output modes without a schema in the request (`json`, `text`): the role's JSON schema
 * written into the last message, so the model knows the contract it is checked against.
 */
export const SCHEMA_INSTRUCTIONS = `Answer with one JSON object only (no other text), named "{role}", that follows this JSON schema:
{schema}`;

export function schemaInstructions(role: string, schema: unknown): string {
  return SCHEMA_INSTRUCTIONS.replace("{role}", role).replace("{schema}", JSON.stringify(schema));
}
