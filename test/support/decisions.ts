/**
 * Table-driven checks shared by the per-host suites: every response on every event through the
 * compiled binary with the exact native stdout, and the normalized event a handler received.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { sandbox, writeScriptedConfig, type Sandbox } from "./harness.ts";

export const RESPONSES = {
  void: undefined,
  allow: { decision: "allow" },
  deny: { decision: "deny", reason: "R" },
  ask: { decision: "ask", reason: "R" },
  modify: { decision: "modify", updatedInput: { command: "echo safe" } },
  context: { decision: "context", additionalContext: "C" },
  updatedOutput: { updatedOutput: "O" },
} as const;
export type Case = keyof typeof RESPONSES;

/** A reply by exit code (a deny by exit 2 with the reason on stderr) instead of JSON on stdout; `stdout`: plain text a host reads as is (Mux). */
export class ExitReply {
  constructor(
    readonly exitCode: number,
    readonly stderr: string,
    readonly stdout = "",
  ) {}
}
/** Plain text on stdout, exit 0. */
export const text = (stdout: string) => new ExitReply(0, "", stdout);
export const exit2 = (reason: string) => new ExitReply(2, `${reason}\n`);
/** Plain text on stdout that the host adds to the model's context (Kiro, Amazon Q). */
export const plainText = (text: string) => new ExitReply(0, "", `${text}\n`);

/** What a hook run printed, as `want` says it (JSON on stdout, or an exit code, stderr and plain stdout). */
export const asReply = (want: unknown) =>
  want instanceof ExitReply
    ? { stdout: want.stdout, exitCode: want.exitCode, stderr: want.stderr }
    : { stdout: want === undefined ? "" : `${JSON.stringify(want)}\n`, exitCode: 0, stderr: "" };

/** Expected stdout JSON (or an ExitReply) per normalized event and response; a response not listed prints nothing. */
export type Expected = Record<string, Partial<Record<Case, unknown>>>;

export const specific = (event: string, fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
export const block = { decision: "block", reason: "R" };

/** Runs `hook <platform> <event>` with AC_TEST_RESPONSE = the JSON of `response`. */
export const respond = (box: Sandbox, config: string, platform: string, event: string, raw: unknown, response: unknown, env: Record<string, string> = {}) =>
  box.hook(platform, event, raw, { config, env: { ...env, AC_TEST_RESPONSE: response === undefined ? "" : JSON.stringify(response) } });

/** One test per event × response: exact stdout (or none), exit 0, nothing on stderr. */
export function everyDecision(
  title: string,
  platform: string,
  expected: Expected,
  payload: (event: string, box: Sandbox) => Record<string, unknown>,
  env: Record<string, string> = {},
): void {
  describe(title, () => {
    let box: Sandbox;
    let config: string;
    beforeAll(() => {
      box = sandbox();
      config = writeScriptedConfig(box);
    });
    for (const [event, want] of Object.entries(expected)) {
      for (const name of Object.keys(RESPONSES) as Case[]) {
        test(`${event} ${name}`, () => {
          const result = respond(box, config, platform, event, payload(event, box), RESPONSES[name], env);
          expect({ stdout: result.stdout, exitCode: result.exitCode, stderr: result.stderr }).toEqual(asReply(want[name]));
        });
      }
    }
  });
}

/** The normalized event (without `raw`, which must be the payload verbatim) a handler received. */
export function seenEvent(box: Sandbox, config: string, platform: string, event: string, raw: Record<string, unknown>, env: Record<string, string> = {}) {
  const file = join(box.root, `seen-${platform}-${event}.json`);
  const result = box.hook(platform, event, raw, { config, env: { ...env, AC_TEST_SEEN: file } });
  expect(result.stderr).toBe("");
  const { raw: seenRaw, ...event_ } = JSON.parse(box.read(file));
  expect(seenRaw).toEqual(raw);
  return event_;
}
