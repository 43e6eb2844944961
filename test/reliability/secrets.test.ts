import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sandbox } from "../support/harness.ts";
import { claudeDeny, configWithHandler, LOADS, prePayload, withEnv } from "./support.ts";

/**
 * A secret in the environment never reaches what we write (hook.log, our stderr lines), whatever
 * its shape: the value of every variable whose name marks a secret (KEY, SECRET, TOKEN, PASSWORD,
 * PIN, AUTH, …) is replaced, even a path-like AWS secret, a PIN of digits, a short password. Values
 * of fewer than 4 characters, and flag words (true, none, …), are left alone: replacing them would
 * blank out common text. Shape rules (token-like text) stay as a second net. Each case runs in a
 * process of its own (source, compiled) and in a daemon's worker.
 */
const box = sandbox();
const log = join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log");
const logText = () => (existsSync(log) ? readFileSync(log, "utf8") : "");

const SECRETS = {
  /** AWS secret keys hold `/` and may begin with it: it looked like a path. */
  AWS_SECRET_ACCESS_KEY: "/wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  /** Digits only: it looked like a number. */
  BANK_PIN: "482913",
  /** Shorter than the 6 characters any value needed. */
  DB_PASSWORD: "pa55",
  /** camelCase, as some tools name them. */
  myApiKey: "plain words here",
  /** Quoted inside JSON text, it reads `a\"b\\c`. */
  SIGNING_SECRET: 'a"b\\c',
};
const PLAIN = {
  /** Not secret-named: digits stay readable. */
  BUILD_NUMBER: "1234567",
  /** Secret-named, but too short or a flag word: left alone. */
  ROUTER_PIN: "abc",
  DISABLE_AUTH: "true",
};
const ENV = { ...SECRETS, ...PLAIN };
const quoted = `aws ${SECRETS.AWS_SECRET_ACCESS_KEY} pin ${SECRETS.BANK_PIN} pw ${SECRETS.DB_PASSWORD} api ${SECRETS.myApiKey} json {"pw":"${SECRETS.DB_PASSWORD}","s":${JSON.stringify(SECRETS.SIGNING_SECRET)}} build ${PLAIN.BUILD_NUMBER} abc true`;
const scrubbed = `aws [redacted] pin [redacted] pw [redacted] api [redacted] json {"pw":"[redacted]","s":"[redacted]"} build ${PLAIN.BUILD_NUMBER} abc true`;
/** The same text, made by the handler from its environment. */
const QUOTE = `'aws ' + process.env.AWS_SECRET_ACCESS_KEY + ' pin ' + process.env.BANK_PIN + ' pw ' + process.env.DB_PASSWORD + ' api ' + process.env.myApiKey + ' json ' + JSON.stringify({ pw: process.env.DB_PASSWORD, s: process.env.SIGNING_SECRET }) + ' build ' + process.env.BUILD_NUMBER + ' ' + process.env.ROUTER_PIN + ' ' + process.env.DISABLE_AUTH`;

const noSecretIn = (text: string) => {
  for (const value of Object.values(SECRETS)) {
    expect(text).not.toContain(value);
    expect(text).not.toContain(JSON.stringify(value).slice(1, -1));
  }
};

describe.each(Object.entries(LOADS))("secrets stay out of what we write (%s)", (_load, load) => {
  test("a handler's error quoting them: the stderr line and hook.log", () => {
    const config = configWithHandler(box, `() => { throw new Error(${QUOTE}); }`, "", "secret-throw.config.ts");
    const before = logText().length;
    const result = box.hook("claude-code", "PreToolUse", prePayload(), withEnv(load(box, config), ENV));
    expect(result.stdout).toBe("");
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain(`: handler threw: ${scrubbed}; allowed (fail-open)`);
    noSecretIn(result.stderr);
    const added = logText().slice(before);
    expect(added).toContain(`handler threw: ${scrubbed}`);
    noSecretIn(added);
  });

  test("a stray error quoting them: hook.log; the deny kept", () => {
    const config = configWithHandler(
      box,
      `async () => { setTimeout(() => { throw new Error(${QUOTE}); }, 0); await Bun.sleep(30); return { decision: 'deny', reason: 'no' }; }`,
      "",
      "secret-stray.config.ts",
    );
    const before = logText().length;
    const result = box.hook("claude-code", "PreToolUse", prePayload(), withEnv(load(box, config), ENV));
    expect(result.stdout).toBe(claudeDeny("no"));
    const added = logText().slice(before);
    expect(added).toContain(`stray error in user code: ${scrubbed}`);
    noSecretIn(added);
  });
});

describe.each(Object.entries(LOADS))("paths stay readable (%s)", (_load, load) => {
  test("a config error names the config's path, under the payload's cwd, as it is", () => {
    // Throws once installed: install runs the top level too, so it throws only on a hook call.
    const config = configWithHandler(box, "() => undefined", "if (process.argv.includes('hook')) throw new Error('top level failed');", "path-error.config.ts");
    const result = box.hook("claude-code", "PreToolUse", prePayload({ cwd: box.project }), load(box, config));
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("top level failed");
    expect(result.stderr).toContain(config);
    expect(result.stderr).not.toContain("[redacted]");
  });
});

test("the text is as it was when no variable holds it", () => {
  const config = configWithHandler(box, `() => { throw new Error(${JSON.stringify(quoted)}); }`, "", "secret-none.config.ts");
  const result = box.hook("claude-code", "PreToolUse", prePayload(), { config });
  expect(result.stderr).toContain(`handler threw: aws ${SECRETS.AWS_SECRET_ACCESS_KEY} pin`);
});

afterAll(() =>
  console.log(
    `reliability/secrets: ${Object.keys(SECRETS).length} secret shapes scrubbed, ${Object.keys(PLAIN).length} plain values kept, ${Object.keys(LOADS).length} loads`,
  ),
);
