/**
 * Log and stderr lines must not carry secrets or user data: some hosts pass access tokens in the
 * hook's environment (Augment: AUGMENT_SESSION_AUTH), and a handler's error message may quote the
 * tool input or the prompt. Environment values, strings of the payload and token-shaped text are
 * replaced, and the message is capped.
 */
export const MAX_MESSAGE = 500;

const TOKEN = /\b(?:sk|pk|rk|ghp|gho|ghu|ghs|ghr|github_pat|glpat|xox[abprs]|AKIA|ASIA)[-_A-Za-z0-9]{8,}|\beyJ[-\w]+\.[-\w]+\.[-\w]*|\b(?:Bearer|Basic|token)\s+[-\w.+/=]{8,}/g;
/** Long base64/hex-like runs are tokens; a file path (a leading slash, short words between slashes) is not. */
const LONG_RUN = /[A-Za-z0-9+/_=-]{32,}/g;
const looksLikeToken = (text: string): boolean => !text.startsWith("/") && /\d/.test(text) && /[A-Za-z0-9]{20,}/.test(text);
const PATH_LIKE = /^(?:[A-Za-z]:)?[/\\]|^\d+$/;
/** Environment variables that say where or how, never who: they stay readable. */
const PLAIN = new Set(["HOME", "PWD", "OLDPWD", "SHELL", "LANG", "LC_ALL", "TERM", "USER", "LOGNAME", "PATH", "TMPDIR", "SHLVL"]);

export interface RedactionSources {
  env: Record<string, string | undefined>;
  payload?: unknown;
}

let sources: RedactionSources = { env: {} };
export const setRedactionSources = (next: RedactionSources): void => void (sources = next);

export function redact(message: string, { env, payload } = sources): string {
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    // Any value may be a token (Augment passes AUGMENT_SESSION_AUTH); paths stay readable.
    if (value && value.length >= 6 && !PLAIN.has(name) && !PATH_LIKE.test(value)) secrets.add(value);
  }
  collectStrings(payload, secrets, 0);
  let out = message;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join("[redacted]");
  out = out.replace(TOKEN, "[redacted]").replace(LONG_RUN, (run) => (looksLikeToken(run) ? "[redacted]" : run));
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE)}… (${out.length - MAX_MESSAGE} more characters)` : out;
}

/** The payload's string values (tool input, prompt, output), bounded: a hostile payload stays cheap. */
function collectStrings(value: unknown, into: Set<string>, depth: number): void {
  if (into.size > 500 || depth > 6) return;
  if (typeof value === "string") {
    if (value.length >= 6 && !/^[\w.-]+$/.test(value)) into.add(value);
    // Each line too: messages often quote one line of a command or prompt.
    if (value.includes("\n")) for (const line of value.split("\n")) if (line.trim().length >= 6) into.add(line);
    return;
  }
  if (value && typeof value === "object") for (const item of Object.values(value)) collectStrings(item, into, depth + 1);
}
