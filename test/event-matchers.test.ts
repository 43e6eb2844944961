/**
 * Matchers on every event that has something to match (issue 47, point 2), as Claude Code's hooks
 * match them: SessionStart's source, SessionEnd's reason, PreCompact / PostCompact's trigger,
 * Notification's type, SubagentStart / SubagentStop's agent type. Every host's own payloads (its
 * test record's fixtures) through the compiled binary both ways: a matcher naming what the host
 * sent runs the handler, one naming something else does not. Install writes them as the host's
 * own matcher where the host applies it in our words; UserPromptSubmit and Stop take none.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { findAdapter } from "../adapters/index.ts";
import { escapeRegExp } from "../src/escape-regexp.ts";
import { EVENT_NAMES, MATCHER_TARGET, type EventName } from "../src/events.ts";
import { HOST_RECORDS } from "./hosts-data/index.ts";
import { recordPayload } from "./hosts-data/lookup.ts";
import type { Json } from "./hosts-data/record.ts";
import { sandbox, writeConfig, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { BOTH_WAYS, daemonReady } from "./reliability/support.ts";
import { loadFor, stopDaemon, type Load } from "./support/both-ways.ts";

/** The events whose matcher is not a tool name (tool matchers have suites of their own). */
const EVENTS = EVENT_NAMES.filter((event) => MATCHER_TARGET[event] && MATCHER_TARGET[event] !== "toolName");

interface Call {
  host: string;
  event: EventName;
  payload: Json;
  /** What the handler sees in the matched field with no matcher. */
  value: string;
}

/** Runs one hook call; the normalized event the handler saw, or undefined when it was not called. */
function call(box: Sandbox, load: Load, env: Record<string, string>, c: Omit<Call, "value">) {
  const file = join(box.root, `seen-${c.host}-${c.event}.json`);
  box.write(file, "");
  const result = box.hook(c.host, c.event, c.payload, { ...load, env: { ...env, AC_TEST_SEEN: file } });
  const text = box.read(file);
  return { result, seen: text ? (JSON.parse(text) as Json) : undefined };
}

/** Every (host, event) of a host record whose payload arrives on stdin, for the events above. */
function calls(box: Sandbox): Omit<Call, "value">[] {
  return Object.values(HOST_RECORDS).flatMap((record) => {
    const adapter = findAdapter(record.id);
    if (!adapter || adapter.input?.kind === "env") return [];
    return EVENTS.filter((event) => record.fixtures[event] && adapter.events[event]).map((event) => ({
      host: record.id,
      event,
      payload: recordPayload(record, event, box),
    }));
  });
}

/** A scripted connector (every event, AC_TEST_SEEN) with these matchers, installed under `id` when a daemon serves it. */
function connector(box: Sandbox, id: string, matchers: Record<string, string>, daemon: boolean): Load {
  return loadFor(box, box.write(join(box.project, `${id}.config.ts`), box.read(writeScriptedConfig(box, { id, matchers }))), id, daemon);
}

for (const [way, wayEnv] of BOTH_WAYS) {
  describe(`matchers on the source, reason, trigger, notification type and agent type (${way})`, () => {
    const daemon = way === "daemon";
    const env = daemon ? wayEnv : {};
    let box: Sandbox;
    let all: Call[];
    let hit: Load;
    let miss: Load;
    beforeAll(() => {
      box = sandbox();
      // What the handler sees with no matcher: the values the matchers below name.
      const plain = writeScriptedConfig(box);
      all = calls(box)
        .map((c) => ({ ...c, value: String(call(box, { config: plain }, {}, c).seen?.[MATCHER_TARGET[c.event]!] ?? "") }))
        .filter((c) => c.value !== "");
      // One matcher per event naming every value some host sent; and one naming none of them.
      const named = (event: EventName) => [...new Set(all.filter((c) => c.event === event).map((c) => escapeRegExp(c.value)))].join("|");
      hit = connector(box, "hit", Object.fromEntries(EVENTS.map((event) => [event, named(event)])), daemon);
      miss = connector(box, "miss", Object.fromEntries(EVENTS.map((event) => [event, `not-${named(event).split("|")[0]}`])), daemon);
      if (daemon) daemonReady(box);
    }, 120_000);
    afterAll(() => stopDaemon(box, daemon));

    test("a matcher naming what the host sent runs the handler on every host", () => {
      const missed = all.flatMap((c) => {
        const { result, seen } = call(box, hit, env, c);
        return seen && result.exitCode === 0
          ? []
          : [`${c.host} ${c.event} (${MATCHER_TARGET[c.event]} "${c.value}"): exit ${result.exitCode} ${result.stderr.trim()}`];
      });
      expect(missed).toEqual([]);
      // Not a walk of nothing: each event has values to match from several hosts.
      for (const event of EVENTS) expect([event, new Set(all.filter((c) => c.event === event).map((c) => c.host)).size > 2]).toEqual([event, true]);
    }, 240_000);

    test("a matcher naming something else does not: no handler, no reply, exit 0", () => {
      const ran = all.flatMap((c) => {
        const { result, seen } = call(box, miss, env, c);
        const quiet = !seen && result.exitCode === 0 && result.stdout === "" && result.stderr === "";
        return quiet ? [] : [`${c.host} ${c.event}: ${seen ? "the handler ran" : `exit ${result.exitCode} ${result.stdout}${result.stderr}`}`];
      });
      expect(ran).toEqual([]);
    }, 240_000);

    test("the whole value: a part of it matches nothing; an alternative of it matches", () => {
      const claude = (event: EventName) => recordPayload(HOST_RECORDS["claude-code"], event, box);
      const ran = (matcher: string, event: EventName, id: string) => {
        const load = connector(box, id, { [event]: matcher }, daemon);
        return call(box, load, env, { host: "claude-code", event, payload: claude(event) }).seen !== undefined;
      };
      // Claude Code's Notification: notification_type "permission_prompt"; PreCompact: trigger "manual".
      expect(ran("permission", "Notification", "part")).toBe(false);
      expect(ran("idle_prompt|permission_prompt", "Notification", "either")).toBe(true);
      expect(ran("auto", "PreCompact", "auto-only")).toBe(false);
      expect(ran("manual|auto", "PreCompact", "both")).toBe(true);
    }, 120_000);
  });
}

describe("install writes them as the host's own matcher where the host applies it in our words", () => {
  const CONFIG = `{
    id: "life",
    hooks: {
      SessionStart: { matcher: "startup|resume", handler: () => undefined },
      SessionEnd: { matcher: "logout", handler: () => undefined },
      PreCompact: { matcher: "manual", handler: () => undefined },
      PostCompact: { matcher: "auto", handler: () => undefined },
      Notification: { matcher: "permission_prompt|idle_prompt", handler: () => undefined },
      SubagentStart: { matcher: "Explore", handler: () => undefined },
      SubagentStop: { matcher: "Plan.*", handler: () => undefined },
    },
  }`;
  const matchersIn = (text: string, root: string[] = ["hooks"]) => {
    let hooks = JSON.parse(text) as Json;
    for (const key of root) hooks = hooks[key];
    return Object.fromEntries(Object.entries(hooks).map(([event, groups]) => [event, (groups as Json[]).map((g) => g.matcher ?? null)]));
  };
  const wired = (stderr: string, host: string) =>
    stderr
      .split("\n")
      .find((line) => line.startsWith(host))!
      .split(/\s{2,}/)[4];

  /** Each matcher of CONFIG as Claude's syntax writes it (a regex anchored, a list of names as is). */
  const WRITTEN = {
    SessionStart: ["startup|resume"],
    SessionEnd: ["logout"],
    PreCompact: ["manual"],
    PostCompact: ["auto"],
    Notification: ["permission_prompt|idle_prompt"],
    SubagentStart: ["Explore"],
    SubagentStop: ["^(?:Plan.*)$"],
  };
  const install = (...args: string[]) => {
    const box = sandbox();
    const result = box.cli(["install", "--config", writeConfig(box, CONFIG), ...args]);
    expect(result.exitCode).toBe(0);
    return { box, result };
  };

  test("Claude Code (user): every one, in Claude's syntax", () => {
    const { box, result } = install("--platform", "claude-code");
    expect(matchersIn(box.read(join(box.home, ".claude", "settings.json")))).toEqual(WRITTEN);
    expect(wired(result.stderr, "Claude Code")).toBe("SessionStart, SessionEnd, PreCompact, PostCompact, Notification, SubagentStart, SubagentStop");
  });

  test("Claude Code (project): not SessionStart, which Copilot CLI also runs with its own sources there", () => {
    const { box, result } = install("--platform", "claude-code", "--scope", "project", "--project-dir", ".");
    expect(matchersIn(box.read(join(box.project, ".claude", "settings.json")))).toEqual({ ...WRITTEN, SessionStart: [null] });
    expect(wired(result.stderr, "Claude Code")).toBe(
      "SessionStart (run-time matcher), SessionEnd, PreCompact, PostCompact, Notification, SubagentStart, SubagentStop",
    );
  });

  test("Codex: SessionStart, the compactions and the subagents (it ignores none of them), SessionEnd at run time; Gemini CLI: every one at run time", () => {
    const { box, result } = install("--platform", "codex,gemini-cli");
    const { Notification: _notification, ...codex } = WRITTEN;
    // Codex 0.171.0 applies no matcher to SessionEnd (its reason is always "other"): matched at run time.
    expect(matchersIn(box.read(join(box.home, ".codex", "hooks.json")))).toEqual({ ...codex, SessionEnd: [null] });
    // Gemini CLI compares its lifecycle matchers as exact strings: a list would match nothing there.
    expect(Object.values(matchersIn(box.read(join(box.home, ".gemini", "settings.json")))).flat()).toEqual([null, null, null, null]);
    expect(wired(result.stderr, "Gemini CLI")).toBe(
      "SessionStart (run-time matcher), SessionEnd (run-time matcher), PreCompact (run-time matcher), Notification (run-time matcher)",
    );
  });

  test("a matcher on a field the host never sends is a handler that never runs: install and explain say so", () => {
    const box = sandbox();
    const config = writeConfig(box, `{ id: "cmp", hooks: { PreCompact: { matcher: "manual", handler: () => undefined } } }`);
    const warning = 'Cline PreCompact: Cline sends no trigger, so the matcher "manual" matches none of its calls: this handler never runs there.';
    expect(box.cli(["install", "--config", config, "--platform", "cline", "--dry-run"]).stderr).toContain(`[warn] ${warning}\n`);
    expect(box.cli(["explain", "--config", config, "--platform", "cline"]).stdout).toContain(
      `matchers that never run (fix the matcher, or name the host's tools):\n  ${warning}`,
    );
  });
});

describe("UserPromptSubmit and Stop have nothing to match: a config error naming the file and the field", () => {
  const MATCHABLE =
    "matchers match source on SessionStart; reason on SessionEnd; the tool on PreToolUse, PostToolUse, PermissionRequest, PostToolUseFailure, PermissionDenied; trigger on PreCompact, PostCompact; notificationType on Notification; agentType on SubagentStart, SubagentStop; error on StopFailure";
  for (const event of ["UserPromptSubmit", "Stop"]) {
    test(`${event} (TypeScript and JSON configs)`, () => {
      const box = sandbox();
      const ts = writeConfig(box, `{ id: "x", hooks: { ${event}: { matcher: "hello", handler: () => undefined } as any } }`);
      const json = box.write(join(box.project, "x.json"), JSON.stringify({ id: "x", hooks: { [event]: { matcher: "hello", response: {} } } }));
      for (const file of [ts, json]) {
        const result = box.cli(["install", "--config", file, "--platform", "claude-code"]);
        expect(result.exitCode).toBe(3);
        expect(result.stderr).toContain(`${file}: hooks.${event}.matcher: ${event} has nothing to match against: remove this matcher (${MATCHABLE})`);
        expect(box.exists(join(box.home, ".claude", "settings.json"))).toBe(false);
      }
    });
  }
});
