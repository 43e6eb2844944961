/**
 * Log and stderr lines must not carry secrets or user data: some hosts pass access tokens in the
 * hook's environment (Augment: AUGMENT_SESSION_AUTH), and a handler's error message may quote the
 * tool input or the prompt. Three nets, every line we write goes through all of them:
 *
 * 1. The value of each environment variable whose name marks a secret (a word of it is KEY,
 *    SECRET, TOKEN, PASSWORD, PIN, AUTH, …: `AWS_SECRET_ACCESS_KEY`, `BANK_PIN`, `myApiKey`),
 *    whatever its shape: a path-like AWS secret, a PIN of digits, a short password. Not a value
 *    under 4 characters, nor a flag word (`true`, `none`, …): replacing "abc" or "true" wherever it
 *    appears would blank out common text and hide no secret worth the name.
 * 2. Any other environment value of 6 characters or more that is not a path or a number, and
 *    strings of the payload but a path alone.
 * 3. Token-shaped text (known prefixes, JWTs, long base64 or hex runs).
 *
 * Each value is replaced as it is and as it appears inside JSON text; the message is capped.
 */
export const MAX_MESSAGE = 500;

const TOKEN =
  /\b(?:sk|pk|rk|ghp|gho|ghu|ghs|ghr|github_pat|glpat|xox[abprs]|AKIA|ASIA)[-_A-Za-z0-9]{8,}|\beyJ[-\w]+\.[-\w]+\.[-\w]*|\b(?:Bearer|Basic|token)\s+[-\w.+/=]{8,}/g;
/** How each of TOKEN's matches starts, at a word's start: text without one holds no match, and is not given to TOKEN, whose first use compiles it (docs/decisions/perf-ledger-append.md). */
const TOKEN_STARTS = ["sk", "pk", "rk", "gh", "github_pat", "glpat", "xox", "AKIA", "ASIA", "eyJ", "Bearer", "Basic", "token"];

const wordChar = (code: number): boolean => (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;

/** Whether TOKEN could match in `text`: one of TOKEN_STARTS where `\b` holds before it (each starts with a word character). */
export function mayHoldToken(text: string): boolean {
  for (const start of TOKEN_STARTS) {
    for (let at = text.indexOf(start); at >= 0; at = text.indexOf(start, at + 1)) if (at === 0 || !wordChar(text.charCodeAt(at - 1))) return true;
  }
  return false;
}

/** Long base64/hex-like runs are tokens; a file path (a leading slash, short words between slashes) is not. */
const LONG_RUN = /[A-Za-z0-9+/_=-]{32,}/g;
const LONG_RUN_MIN = 32;
/** How many letters and digits in a row a long run needs to be a token (looksLikeToken). */
const TOKEN_ALNUM = 20;

/** Whether `text` holds TOKEN_ALNUM letters or digits in a row: without them no long run is a token, and LONG_RUN (compiled at its first use) is not run. */
function holdsAlnumRun(text: string): boolean {
  for (let i = 0, row = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) {
      if (++row >= TOKEN_ALNUM) return true;
    } else row = 0;
  }
  return false;
}
const looksLikeToken = (text: string): boolean => !text.startsWith("/") && /\d/.test(text) && /[A-Za-z0-9]{20,}/.test(text);
const PATH_LIKE = /^(?:[A-Za-z]:)?[/\\]|^\d+$/;
/** A path and nothing else: no whitespace, so not a command that starts with one (`/bin/rm -rf …`). */
const A_PATH = /^(?:[A-Za-z]:)?[/\\]\S*$/;
/** Environment variables that say where or how, never who: they stay readable. */
const PLAIN = new Set(["HOME", "PWD", "OLDPWD", "SHELL", "LANG", "LC_ALL", "TERM", "USER", "LOGNAME", "PATH", "TMPDIR", "SHLVL", "AGENT_CONNECTOR_HOME"]);

/** Words of a variable's name that mark its value as a secret (compared in upper case). */
export const SECRET_WORDS = new Set([
  "KEY",
  "KEYS",
  "APIKEY",
  "SECRET",
  "SECRETS",
  "TOKEN",
  "TOKENS",
  "PASS",
  "PASSWD",
  "PASSWORD",
  "PASSWORDS",
  "PASSPHRASE",
  "PWD",
  "PIN",
  "AUTH",
  "AUTHORIZATION",
  "CREDENTIAL",
  "CREDENTIALS",
  "CRED",
  "CREDS",
  "PRIVATE",
  "COOKIE",
  "DSN",
  "OTP",
  "SALT",
]);
/** Shorter secret-named values are left alone (net 1). */
export const MIN_SECRET_LENGTH = 4;
const FLAG_WORDS = new Set(["true", "false", "null", "none", "unset", "enabled", "disabled"]);

/** What each of SECRET_WORDS holds, in upper case: a name holding none has none of them as a word. */
const SECRET_PARTS = ["KEY", "SECRET", "TOKEN", "PASS", "PWD", "PIN", "AUTH", "CRED", "PRIVATE", "COOKIE", "DSN", "OTP", "SALT"];

/** Whether a variable's name marks its value as a secret: a word of it (split at `_`, `-`, `.` and camelCase) is one of SECRET_WORDS. */
export const secretName = (name: string): boolean => !PLAIN.has(name) && holdsPart(name.toUpperCase()) && secretWords(name);

const secretWords = (name: string): boolean => name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).some((word) => SECRET_WORDS.has(word.toUpperCase()));

function holdsPart(name: string): boolean {
  for (const part of SECRET_PARTS) if (name.includes(part)) return true;
  return false;
}

export interface RedactionSources {
  env: Record<string, string | undefined>;
  payload?: unknown;
}

/** The call in hand's sources; until a call says whose they are: this process's environment (a call in a process of its own runs with it). */
const callSources: { current: RedactionSources | undefined } = { current: undefined };
export const setRedactionSources = (next: RedactionSources): void => void (callSources.current = next);

/** The call's environment alone: what to scrub a text the payload itself holds by (a ledger's command). */
export const redactionEnv = (): RedactionSources => ({ env: (callSources.current ?? { env: process.env }).env });

export const redact = (message: string, from: RedactionSources = callSources.current ?? { env: process.env }): string => redactor(from)(message);

/**
 * The scrubbing of `redact` with what to replace gathered once: a ledger record scrubs several
 * fields by the same sources, and gathering walks the whole environment and payload. Without a
 * payload, a message that holds none of the environment's values (nor a backslash, as a value
 * escaped inside JSON text would) holds no secret: the gathering waits for one that does.
 */
export function redactor(sources: RedactionSources): (message: string) => string {
  const values = sources.payload === undefined ? possibleSecrets(sources.env) : undefined;
  let scrubSecrets: ((message: string) => string) | undefined;
  return (message) => {
    let out = message;
    if (!values || out.includes("\\") || holdsAny(out, values)) out = (scrubSecrets ??= secretsScrubber(sources))(out);
    if (mayHoldToken(out)) out = out.replace(TOKEN, "[redacted]");
    if (out.length >= LONG_RUN_MIN && holdsAlnumRun(out)) out = out.replace(LONG_RUN, (run) => (looksLikeToken(run) ? "[redacted]" : run));
    return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE)}… (${out.length - MAX_MESSAGE} more characters)` : out;
  };
}

/**
 * Every value of `env` that secretsScrubber could replace, or that holds what it could (a value
 * long enough, under a name not PLAIN); undefined when a value is JSON, whose strings it replaces
 * wherever they are.
 */
function possibleSecrets(env: Record<string, string | undefined>): string[] | undefined {
  const values: string[] = [];
  for (const name in env) {
    const value = env[name];
    if (typeof value !== "string" || value.length < MIN_SECRET_LENGTH || PLAIN.has(name)) continue;
    if (value.startsWith("{")) return undefined;
    values.push(value);
  }
  return values;
}

function holdsAny(text: string, values: readonly string[]): boolean {
  for (const value of values) if (text.includes(value)) return true;
  return false;
}

/** Nets 1 and 2: each secret of the environment and payload replaced, longest first. */
function secretsScrubber({ env, payload }: RedactionSources): (message: string) => string {
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (value.length >= MIN_SECRET_LENGTH && secretName(name) && !FLAG_WORDS.has(value.toLowerCase())) {
      secrets.add(value);
      // Inside JSON text (an error quoting a serialized object): escaped as JSON escapes it.
      const escaped = JSON.stringify(value).slice(1, -1);
      if (escaped !== value) secrets.add(escaped);
    }
    // Any value may be a token (Augment passes AUGMENT_SESSION_AUTH); paths stay readable.
    if (value.length >= 6 && !PLAIN.has(name) && !PATH_LIKE.test(value)) {
      secrets.add(value);
      // A JSON value (AUGMENT_SESSION_AUTH is {"accessToken": …}): each of its strings alone too.
      if (value.startsWith("{")) for (const leaf of stringLeaves(parseJson(value), 0)) if (leaf.length >= 6) secrets.add(leaf);
    }
  }
  collectStrings(payload, secrets, 0);
  // Longest first (a secret inside a longer one must not break it up), sorted once a message holds any.
  let longestFirst: string[] | undefined;
  return (message) => {
    let out = message;
    for (const secret of secrets) {
      if (!out.includes(secret)) continue;
      longestFirst ??= [...secrets].sort((a, b) => b.length - a.length);
      for (const each of longestFirst) if (out.includes(each)) out = out.split(each).join("[redacted]");
      break;
    }
    return out;
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const stringLeaves = (value: unknown, depth: number): string[] =>
  typeof value === "string"
    ? [value]
    : value && typeof value === "object" && depth < 4
      ? Object.values(value).flatMap((item) => stringLeaves(item, depth + 1))
      : [];

/** The payload's string values (tool input, prompt, output), bounded: a hostile payload stays cheap. */
function collectStrings(value: unknown, into: Set<string>, depth: number): void {
  if (into.size > 500 || depth > 6) return;
  if (typeof value === "string") {
    // A path alone (the call's cwd, a transcript's path) says where, as a path in the environment
    // does: replaced, it blanked the folder out of every path we name under it (a config's).
    if (value.length >= 6 && !/^[\w.-]+$/.test(value) && !A_PATH.test(value)) into.add(value);
    // Each line too: messages often quote one line of a command or prompt.
    if (value.includes("\n")) for (const line of value.split("\n")) if (line.trim().length >= 6) into.add(line);
    return;
  }
  if (value && typeof value === "object") for (const item of Object.values(value)) collectStrings(item, into, depth + 1);
}
