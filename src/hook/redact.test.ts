import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_MESSAGE, MIN_SECRET_LENGTH, mayHoldToken, redactor, SECRET_WORDS, secretName } from "./redact.ts";

/**
 * The scrubbing passes over what cannot match (a name holding no secret word's letters, text with
 * no token's start, text too short for a long run): it must scrub exactly as the plain rules do,
 * kept here as they read without those shortcuts.
 */
const TOKEN =
  /\b(?:sk|pk|rk|ghp|gho|ghu|ghs|ghr|github_pat|glpat|xox[abprs]|AKIA|ASIA)[-_A-Za-z0-9]{8,}|\beyJ[-\w]+\.[-\w]+\.[-\w]*|\b(?:Bearer|Basic|token)\s+[-\w.+/=]{8,}/g;
const LONG_RUN = /[A-Za-z0-9+/_=-]{32,}/g;
const looksLikeToken = (text: string): boolean => !text.startsWith("/") && /\d/.test(text) && /[A-Za-z0-9]{20,}/.test(text);
const plainSecretName = (name: string): boolean =>
  !["PWD", "OLDPWD"].includes(name) && name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).some((word) => SECRET_WORDS.has(word.toUpperCase()));
const plainScrub = (secrets: string[], message: string): string => {
  let out = message;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join("[redacted]");
  out = out.replace(TOKEN, "[redacted]").replace(LONG_RUN, (run) => (looksLikeToken(run) ? "[redacted]" : run));
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE)}… (${out.length - MAX_MESSAGE} more characters)` : out;
};

/** A small deterministic generator (mulberry32): the same texts on every run. */
let seed = 45;
const random = (below: number): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % below;
};
const pick = <T>(items: readonly T[]): T => items[random(items.length)]!;
const text = (pieces: readonly string[], most: number): string => Array.from({ length: 1 + random(most) }, () => pick(pieces)).join("");

const TEXT_PIECES = [
  ...'abcXYZ019_-./+=:@ \t\n\u00a0\u2003é"{}',
  "sk",
  "pk-",
  "rk",
  "ghp_",
  "gho",
  "ghu",
  "ghs",
  "ghr",
  "gh",
  "github_pat_",
  "glpat-",
  "xoxb-",
  "xoxq",
  "AKIA",
  "ASIA",
  "eyJ",
  "Bearer ",
  "Basic\t",
  "token  ",
  "Token ",
  "abcdefgh",
  "12345678",
  "Q".repeat(20),
  "7".repeat(31),
  "mark",
  "desk",
];

test("a secret word in any name is seen; the letters of none, no secret name", () => {
  for (const word of SECRET_WORDS) {
    for (const name of [`MY_${word}`, `my${word[0]}${word.slice(1).toLowerCase()}`, `${word.toLowerCase()}.x`])
      expect([name, secretName(name)]).toEqual([name, true]);
  }
  const parts = [
    "API",
    "KEY",
    "Key",
    "key",
    "SECRET",
    "Secret",
    "TOKEN",
    "token",
    "PASS",
    "Pass",
    "PIN",
    "Pinned",
    "AUTH",
    "Author",
    "DSN",
    "OTP",
    "SALT",
    "HOME",
    "PATH",
    "x",
    "9",
    "cred",
    "Creds",
  ];
  for (let i = 0; i < 3_000; i++) {
    const name = text([...parts, "_", "-", ".", "", "__"], 5);
    expect([name, secretName(name)]).toEqual([name, plainSecretName(name)]);
  }
});

test("each of TOKEN's alternatives starts, at a word's start, with a start mayHoldToken looks for", () => {
  // The TOKEN of redact.ts: its text, alternatives and their literal starts, read from its source.
  const source = /const TOKEN =\s*\/(.+)\/g;/.exec(readFileSync(join(import.meta.dir, "redact.ts"), "utf8"))![1]!;
  expect(source).toBe(TOKEN.source);
  const alternatives: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    if (source[i] === "\\") i++;
    else if (source[i] === "(" || source[i] === "[") depth++;
    else if (source[i] === ")" || source[i] === "]") depth--;
    else if (source[i] === "|" && depth === 0) {
      alternatives.push(source.slice(from, i));
      from = i + 1;
    }
  }
  alternatives.push(source.slice(from));
  expect(alternatives.length).toBe(3);
  for (const alternative of alternatives) {
    expect(alternative.startsWith("\\b")).toBe(true);
    const rest = alternative.slice(2);
    const options = rest.startsWith("(?:") ? rest.slice(3, rest.indexOf(")")).split("|") : [rest];
    for (const option of options) {
      const literal = /^[A-Za-z_]+/.exec(option)![0];
      expect([literal, mayHoldToken(literal), mayHoldToken(`x ${literal}`), mayHoldToken(`x${literal}`)]).toEqual([literal, true, true, false]);
    }
  }
});

test("TOKEN is passed over only where it cannot match", () => {
  for (let i = 0; i < 20_000; i++) {
    const sample = text(TEXT_PIECES, 12);
    if (!mayHoldToken(sample)) expect([sample, TOKEN.test(sample)]).toEqual([sample, false]);
    TOKEN.lastIndex = 0;
  }
});

const SECRETS = {
  API_KEY: "secretvalue1",
  myToken: "abcdXY",
  BANK_PIN: "1234",
  PWD: "/fake/project",
  HOME: "/fake/home/someone",
  OTHER: "longvalue123",
  QUOTED_TOKEN: 'say "hi"\\now',
  FLAG_AUTH: "true",
  SHORT: "abc",
};
const JSON_VALUE = { AUGMENT_SESSION_AUTH: '{"accessToken":"tok123456789","nested":{"k":"nestedleaf"}}' };
/** What nets 1 and 2 take of SECRETS (and JSON_VALUE), as redact.ts's comment lists them. */
const SECRET_TEXTS = ["secretvalue1", "abcdXY", "1234", "longvalue123", 'say "hi"\\now', 'say \\"hi\\"\\\\now'];
const JSON_TEXTS = [JSON_VALUE.AUGMENT_SESSION_AUTH, JSON.stringify(JSON_VALUE.AUGMENT_SESSION_AUTH).slice(1, -1), "tok123456789", "nestedleaf"];
const PAYLOAD = { tool_input: { command: "deploy --password hunter22\nsecond line here" }, cwd: "/fake/project" };
const PAYLOAD_TEXTS = ["deploy --password hunter22\nsecond line here", "deploy --password hunter22", "second line here"];

for (const [what, sources, secrets] of [
  ["the environment", { env: SECRETS }, SECRET_TEXTS],
  ["the environment with a JSON value", { env: { ...SECRETS, ...JSON_VALUE } }, [...SECRET_TEXTS, ...JSON_TEXTS]],
  ["the environment and a payload", { env: SECRETS, payload: PAYLOAD }, [...SECRET_TEXTS, ...PAYLOAD_TEXTS]],
] as const) {
  test(`a record's fields and a log line are scrubbed as the plain rules scrub them: ${what}`, () => {
    const scrub = redactor(sources);
    expect(secrets.every((secret) => secret.length >= MIN_SECRET_LENGTH)).toBe(true);
    const pieces = [
      ...TEXT_PIECES,
      ...secrets,
      "[redacted]",
      "\\",
      "/fake/project",
      "/fake/home/someone/x",
      "x".repeat(40),
      "3c85a3ab-2621-4a6c-874c-31f2ff177457",
    ];
    for (let i = 0; i < 4_000; i++) {
      const sample = text(pieces, i % 10 === 0 ? 80 : 15);
      expect([sample, scrub(sample)]).toEqual([sample, plainScrub([...secrets], sample)]);
    }
  });
}
