const secrets = new Set<string>();
const KEY_PATTERNS = [/\bsk-[A-Za-z0-9_\-*.]{6,}/g, /\bBearer\s+[A-Za-z0-9_\-.=]{8,}/gi];

/** Remembers a secret (an API key) so that `redact` removes it from any text. */
export function registerSecret(value: string | undefined): void {
  if (value && value.length >= 6) secrets.add(value);
}

/** Removes registered secrets and anything shaped like an API key from text bound for output. */
export function redact(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join("[redacted]");
  for (const pattern of KEY_PATTERNS) out = out.replace(pattern, "[redacted]");
  return out;
}
