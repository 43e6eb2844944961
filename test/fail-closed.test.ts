import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS } from "../adapters/index.ts";
import { fixturePayload, REPO, sandbox, writeConfig, type Result, type Sandbox } from "./support/harness.ts";
import { BOTH_WAYS, DAEMON_ON, daemonReady } from "./reliability/support.ts";

/**
 * `onFailure: "deny"` (issue 43, point 3; docs/connector.md#guards-you-can-rely-on): whatever keeps
 * a guard from deciding becomes the deny its host honours, with a reason that says it failed closed
 * and why, through the daemon and in a process of its own. The hosts are the adapters' own: every
 * json-stdio host with a PreToolUse and a payload fixture for it, so a new host is covered by
 * adding it. Each host's deny is recognised by the reply our binary gives there to a deliberate deny.
 */

/** Every json-stdio host with a PreToolUse-like event, and the fixture of its payload there. */
const HOSTS = ADAPTERS.flatMap((adapter) => {
  if (adapter.hooks.kind !== "hook-file" && adapter.hooks.kind !== "hooks-folder") return [];
  const native = adapter.events.PreToolUse;
  if (!native) return [];
  const fixture = ["PreToolUse", native].find((name) => existsSync(join(REPO, "test", "fixtures", adapter.id, `${name}.json`)));
  return fixture ? [{ id: adapter.id, fixture, env: adapter.input?.kind === "env" }] : [];
});
// A guard against an empty walk: the hosts this was written with.
if (HOSTS.length < 25 || !["claude-code", "cursor", "kiro", "mux", "windsurf"].every((id) => HOSTS.some((h) => h.id === id)))
  throw new Error(`the walk over the adapters found ${HOSTS.length} hosts`);

/** Connectors by what goes wrong in them; `mark` denies on purpose, for each host's deny shape. */
const CONNECTORS = {
  mark: `{ id: "mark", hooks: { PreToolUse: { handler: () => ({ decision: "deny", reason: "MARK" }) } } }`,
  throws: `{ id: "throws", onFailure: "deny", hooks: { PreToolUse: { handler: () => { throw new Error("boom") } } } }`,
  // The shortest timeout a config may set (2 s → a 1 s budget); a timer keeps the process waiting for it.
  hangs: `{ id: "hangs", onFailure: "deny", timeout: 2, hooks: { PreToolUse: { handler: () => new Promise(() => setInterval(() => {}, 1000)) } } }`,
  invalid: `{ id: "invalid", onFailure: "deny", hooks: { PreToolUse: { handler: () => ({ decision: "block" }) } } }`,
  broken: `{ id: "broken", onFailure: "deny", hooks: { PreToolUse: { handler: () => undefined } } }`,
  // Its snapshot keeps its header (which names the definitions that fail closed) and loses its body.
  headless: `{ id: "headless", onFailure: "deny", hooks: { PreToolUse: { handler: () => undefined } } }`,
};

const boxes: Sandbox[] = [];
afterAll(() => {
  for (const box of boxes) box.cli(["daemon", "stop"], { env: DAEMON_ON });
});

/** A sandbox with every connector of CONNECTORS installed (for Claude Code: the snapshot is the same for every host). */
function installedBox(): Sandbox {
  const box = sandbox();
  boxes.push(box);
  for (const [id, source] of Object.entries(CONNECTORS)) {
    const config = writeConfig(box, source, `${id}.config.ts`);
    const installed = box.cli(["install", "--config", config, "--platform", "claude-code"]);
    if (installed.exitCode !== 0) throw new Error(`install ${id} failed: ${installed.stderr}`);
  }
  // Neither the snapshot nor the source can load any more.
  box.write(join(box.home, ".agent-connector", "compiled", "broken.js"), "garbage {{{");
  box.write(join(box.project, "broken.config.ts"), `throw new Error("source broken");\n`);
  const headless = join(box.home, ".agent-connector", "compiled", "headless.js");
  box.write(headless, `${box.read(headless).split("\n", 1)[0]}\ngarbage {{{\n`);
  box.write(join(box.project, "headless.config.ts"), `throw new Error("source broken");\n`);
  return box;
}

/** The hook command as install writes it for a definition that fails closed. */
function call(box: Sandbox, host: { id: string; env: boolean }, connector: string, payload: unknown, env: Record<string, string>, flag = true): Result {
  const args = ["hook", host.id, "PreToolUse", "--connector", connector, ...(flag ? ["--fail-closed"] : [])];
  if (host.env) {
    const vars = Object.fromEntries(Object.entries(payload as object).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]));
    return box.cli(args, { env: { ...env, ...vars } });
  }
  return box.cli(args, { stdin: typeof payload === "string" ? payload : JSON.stringify(payload), env });
}

const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * The host's deny for `reason`: its reply to a deliberate deny, with the reason swapped in. On stderr
 * the line that points to hook.log, or (`bare`: a call the hook runtime never ran) the reason alone.
 */
function closedDeny(box: Sandbox, mark: Result, host: string, connector: string, why: string, bare = false): Result {
  const reason = `${connector} failed closed: ${why}`;
  if (mark.stdout === "" || bare) return { exitCode: mark.exitCode, stdout: mark.stdout.split(inJson("MARK")).join(inJson(reason)), stderr: `${reason}\n` };
  const log = join(box.home, ".agent-connector", "logs", "hook.log");
  return {
    exitCode: mark.exitCode,
    stdout: mark.stdout.split(inJson("MARK")).join(inJson(reason)),
    stderr: `agent-connector: ${host} PreToolUse (${connector}): ${why}; denied (fail-closed), see ${log}\n`,
  };
}

const FAILURES: { connector: string; why: string; payload?: string; stdinOnly?: boolean; noFlag?: boolean }[] = [
  { connector: "throws", why: "handler threw: boom" },
  { connector: "hangs", why: "did not answer within its time budget" },
  {
    connector: "invalid",
    why: `handler returned an invalid response: decision: "block" is not a decision; did you mean "deny"? (decisions: "allow", "deny", "modify", "context", "ask")`,
  },
  { connector: "broken", why: "<source>: cannot be loaded: source broken" },
  // A command without --fail-closed (written before the policy was set): the snapshot's header says it.
  { connector: "headless", why: "<source>: cannot be loaded: Unexpected token '{'", noFlag: true },
  { connector: "throws", why: "stdin is not valid JSON", payload: "{not json", stdinOnly: true },
];

for (const [way, env] of BOTH_WAYS) {
  describe(`onFailure "deny": each failure is the host's deny (${way})`, () => {
    let box: Sandbox;
    beforeAll(() => {
      box = installedBox();
      if (way === "daemon") daemonReady(box);
    }, 120_000);

    for (const host of HOSTS) {
      test(host.id, () => {
        const payload = fixturePayload(host.id, host.fixture, box);
        const mark = call(box, host, "mark", payload, env);
        expect(mark.stdout.includes("MARK") || mark.stderr === "MARK\n").toBe(true);
        for (const failure of FAILURES) {
          if (failure.stdinOnly && host.env) continue;
          const why = failure.why.replace("<source>", join(box.project, `${failure.connector}.config.ts`));
          const result = call(box, host, failure.connector, failure.payload ?? payload, env, !failure.noFlag);
          expect({ case: failure.connector, ...result }).toEqual({ case: failure.connector, ...closedDeny(box, mark, host.id, failure.connector, why) });
        }
        if (way === "in-process") {
          // Only the daemon may answer, and there is none: the host's own deny still (Cline ignores exit codes).
          const why = "the daemon did not answer (absent) and AGENT_CONNECTOR_DAEMON=require";
          const result = call(box, host, "throws", payload, { AGENT_CONNECTOR_DAEMON: "require" });
          expect({ case: "require", ...result }).toEqual({ case: "require", ...closedDeny(box, mark, host.id, "throws", why, true) });
        }
      }, 120_000);
    }
  });
}

/** Claude Code's deny, and its fail-open line, for a call of connector `id` that failed because `why`. */
const claudeClosed = (id: string, why: string) =>
  `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: `${id} failed closed: ${why}` } })}\n`;
const failOpenLine = (box: Sandbox, id: string, why: string, event = "PreToolUse") =>
  `agent-connector: claude-code ${event} (${id}): ${why}; allowed (fail-open), see ${join(box.home, ".agent-connector", "logs", "hook.log")}\n`;

const settingsOf = (box: Sandbox) => JSON.parse(box.read(join(box.home, ".claude", "settings.json")));

/** The Claude Code PreToolUse command install wrote for connector `id`, as argv after the binary. */
function installedArgs(box: Sandbox, id: string, event = "PreToolUse"): string[] {
  const handlers = (settingsOf(box).hooks[event] as { hooks: { command: string }[] }[]).flatMap((group) => group.hooks);
  const command = handlers.find((h) => h.command.includes(`--connector ${id}`))!.command;
  return command.split(" ").slice(1);
}

const THROWS = `handler: () => { throw new Error("boom") }`;
const POLICIES = {
  // The hook's own "allow" wins over the connector's "deny", and its own "deny" over the default.
  "hook-allows": `{ id: "hook-allows", onFailure: "deny", hooks: { PreToolUse: { onFailure: "allow", ${THROWS} } } }`,
  "hook-denies": `{ id: "hook-denies", hooks: { PreToolUse: { onFailure: "deny", ${THROWS} } } }`,
  "no-policy": `{ id: "no-policy", hooks: { PreToolUse: { ${THROWS} } } }`,
  // Claude Code's own events, passed through (platforms.<id>.nativeHooks): the same rule.
  native: `{ id: "native", platforms: { "claude-code": { nativeHooks: { Elicitation: { onFailure: "deny", ${THROWS} }, ConfigChange: { ${THROWS} } } } } }`,
};

for (const [way, env] of BOTH_WAYS) {
  describe(`whose onFailure counts (${way})`, () => {
    let box: Sandbox;
    const configs: Record<string, string> = {};
    beforeAll(() => {
      box = sandbox();
      boxes.push(box);
      for (const [id, source] of Object.entries(POLICIES)) {
        configs[id] = writeConfig(box, source, `${id}.config.ts`);
        const installed = box.cli(["install", "--config", configs[id]!, "--platform", "claude-code"]);
        if (installed.exitCode !== 0) throw new Error(`install ${id} failed: ${installed.stderr}`);
      }
      if (way === "daemon") daemonReady(box);
    }, 120_000);
    const payload = () => JSON.stringify(fixturePayload("claude-code", "PreToolUse", box));
    const asInstalled = (id: string) => box.cli(installedArgs(box, id), { stdin: payload(), env });
    const fromSource = (id: string) => box.cli(["hook", "claude-code", "PreToolUse", "--config", configs[id]!], { stdin: payload(), env });

    test("install writes --fail-closed where the definition's own or the connector's policy says deny, and only there", () => {
      expect(installedArgs(box, "hook-allows")).not.toContain("--fail-closed");
      expect(installedArgs(box, "hook-denies")).toContain("--fail-closed");
      expect(installedArgs(box, "no-policy")).not.toContain("--fail-closed");
    });

    test('a hook\'s onFailure: "allow" under a connector\'s "deny" fails open, as installed and from its source', () => {
      expect(asInstalled("hook-allows")).toEqual({ exitCode: 0, stdout: "", stderr: failOpenLine(box, "hook-allows", "handler threw: boom") });
      const direct = fromSource("hook-allows");
      expect(direct).toMatchObject({ exitCode: 0, stdout: "" });
      expect(direct.stderr).toEndWith("handler threw: boom; allowed (fail-open), see " + join(box.home, ".agent-connector", "logs", "hook.log") + "\n");
    });

    test('a hook\'s onFailure: "deny" under a connector with none fails closed, as installed and from its source (no flag: the config says it)', () => {
      expect(asInstalled("hook-denies")).toMatchObject({ exitCode: 0, stdout: claudeClosed("hook-denies", "handler threw: boom") });
      expect(fromSource("hook-denies")).toMatchObject({ exitCode: 0, stdout: claudeClosed("hook-denies", "handler threw: boom") });
    });

    test("a native hook's own onFailure: its command gets the flag, and it denies by exit 2 with the reason; its sibling fails open", () => {
      const native = (event: string) =>
        box.cli(installedArgs(box, "native", event), { stdin: JSON.stringify({ session_id: "s", hook_event_name: event }), env });
      expect(installedArgs(box, "native", "Elicitation")).toEqual(["hook", "claude-code", "Elicitation", "--native", "--connector", "native", "--fail-closed"]);
      expect(native("Elicitation")).toEqual({ exitCode: 2, stdout: "", stderr: "native failed closed: handler threw: boom\n" });
      expect(native("ConfigChange")).toEqual({ exitCode: 0, stdout: "", stderr: failOpenLine(box, "native", "handler threw: boom", "ConfigChange") });
    });

    test("no onFailure anywhere: today's fail-open, exactly", () => {
      expect(asInstalled("no-policy")).toEqual({ exitCode: 0, stdout: "", stderr: failOpenLine(box, "no-policy", "handler threw: boom") });
    });
  });
}

// "native": a call no JS timer or watchdog can end (the native backstop in a process of its own, the client's in the daemon's case).
const BLOCKS = `{ id: "blocks", onFailure: "deny", timeout: 2, hooks: { PreToolUse: { handler: async (event) => {
  if (event.toolInput.command === "exit") process.exit(0);
  if (event.toolInput.command === "native") (await import("node:child_process")).execSync("sleep 8");
  for (;;) {}
} } } }`;

for (const [way, env] of BOTH_WAYS) {
  describe(`user code that blocks the process or exits it fails closed (${way})`, () => {
    let box: Sandbox;
    beforeAll(() => {
      box = sandbox();
      boxes.push(box);
      const installed = box.cli(["install", "--config", writeConfig(box, BLOCKS, "blocks.config.ts"), "--platform", "claude-code"]);
      if (installed.exitCode !== 0) throw new Error(`install failed: ${installed.stderr}`);
      if (way === "daemon") daemonReady(box);
    }, 60_000);
    const run = (command: string) =>
      box.cli(installedArgs(box, "blocks"), { stdin: JSON.stringify({ ...fixturePayload("claude-code", "PreToolUse", box), tool_input: { command } }), env });

    test("a loop that never yields: the watchdog's deny", () => {
      expect(run("loop")).toMatchObject({ exitCode: 0, stdout: claudeClosed("blocks", "handler did not answer within its time budget") });
    }, 30_000);
    test("a native call that blocks past the deadline: the deny stood as the reply before it", () => {
      expect(run("native")).toMatchObject({ exitCode: 0, stdout: claudeClosed("blocks", "user code blocked the process past its time budget") });
    }, 30_000);
    test("process.exit(0) in the handler", () => {
      expect(run("exit")).toMatchObject({ exitCode: 0, stdout: claudeClosed("blocks", "handler called process.exit(0)") });
    }, 30_000);
  });
}

describe("before the command's words are known: the blocking exit", () => {
  test("wrong words on a fail-closed command line: exit 2 with the reason", () => {
    const box = sandbox();
    expect(box.cli(["hook", "claude-code", "--fail-closed"], { stdin: "{}" })).toEqual({
      exitCode: 2,
      stdout: "",
      stderr: `agent-connector: hook: expected "hook <platform> <event> --connector <id>"; denied (fail-closed). See agent-connector hook --help\n`,
    });
  });
});

const GUARD = `{ id: "guard", onFailure: "deny", hooks: { PreToolUse: { ${THROWS} }, Stop: { onFailure: "allow", handler: () => undefined } } }`;
const PLAIN = `{ id: "plain", hooks: { PreToolUse: { handler: () => undefined } } }`;

describe("install writes the host's own fail-closed switch; uninstall takes it away", () => {
  const HOST_FILES = [".claude/settings.json", ".cursor/hooks.json"];
  const install = (box: Sandbox, source: string, id: string) => {
    const result = box.cli(["install", "--config", writeConfig(box, source, `${id}.config.ts`), "--platform", "claude-code,cursor"]);
    expect(result.exitCode).toBe(0);
    return result;
  };

  test("two connectors in one settings file: only the fail-closed one's entry gets onFailure / failClosed and --fail-closed", () => {
    const box = sandbox();
    install(box, PLAIN, "plain");
    const result = install(box, GUARD, "guard");
    // Said once, with what each host adds.
    expect(result.stderr.match(/fail-closed \(onFailure: "deny"\)/g)).toHaveLength(1);
    expect(result.stderr).toContain(
      `Claude Code: Claude Code blocks the action when the hook command cannot start, times out or exits with an unexpected code (onFailure: "block")`,
    );
    const claude = settingsOf(box).hooks;
    const handlers = (event: string) => (claude[event] as { hooks: Record<string, unknown>[] }[]).flatMap((group) => group.hooks);
    expect(handlers("PreToolUse").map(({ command, onFailure }) => ({ command: (command as string).split(" ").slice(1).join(" "), onFailure }))).toEqual([
      { command: "hook claude-code PreToolUse --connector plain", onFailure: undefined },
      { command: "hook claude-code PreToolUse --connector guard --fail-closed", onFailure: "block" },
    ]);
    // The guard's Stop says "allow": no switch there.
    expect(handlers("Stop").map((h) => h.onFailure)).toEqual([undefined]);
    const cursor = JSON.parse(box.read(join(box.home, ".cursor", "hooks.json"))).hooks;
    expect(
      (cursor.preToolUse as Record<string, unknown>[]).map(({ command, failClosed }) => ({
        command: (command as string).split(" ").slice(1).join(" "),
        failClosed,
      })),
    ).toEqual([
      { command: "hook cursor PreToolUse --connector plain", failClosed: undefined },
      { command: "hook cursor PreToolUse --connector guard --fail-closed", failClosed: true },
    ]);
    expect((cursor.stop as Record<string, unknown>[]).map((h) => h.failClosed)).toEqual([undefined]);
  });

  test("uninstalling the fail-closed one leaves the files as the other alone would have them", () => {
    const alone = sandbox();
    install(alone, PLAIN, "plain");
    const box = sandbox();
    install(box, PLAIN, "plain");
    install(box, GUARD, "guard");
    expect(box.cli(["uninstall", "--connector", "guard"]).exitCode).toBe(0);
    for (const file of HOST_FILES) expect(box.read(join(box.home, file))).toBe(alone.read(join(alone.home, file)));
  });
});

/** Every host whose own fail-closed switch install writes (adapter data: hostFailClosed.entry). */
const SWITCHED = ADAPTERS.filter((adapter) => adapter.hostFailClosed?.entry);
if (!["claude-code", "cursor", "hermes"].every((id) => SWITCHED.some((a) => a.id === id))) throw new Error("the walk over hostFailClosed lost a host");
const BOTH_EVENTS = (id: string, policy: string) =>
  `{ id: "${id}",${policy} hooks: { PreToolUse: { handler: () => undefined }, Stop: { handler: () => undefined } } }`;

describe("every host's own switch, on the events it works on; uninstall leaves the other connector's file", () => {
  for (const adapter of SWITCHED) {
    test(adapter.id, () => {
      const install = (box: Sandbox, id: string, policy: string) => {
        const result = box.cli(["install", "--config", writeConfig(box, BOTH_EVENTS(id, policy), `${id}.config.ts`), "--platform", adapter.id, "--json"]);
        expect(result.exitCode).toBe(0);
        return (JSON.parse(result.stdout).results as { file: string; wired: { event: string; nativeEvent: string }[] }[])[0]!;
      };
      const alone = sandbox();
      const plainFile = install(alone, "plain", "");
      const box = sandbox();
      install(box, "plain", "");
      const { file, wired } = install(box, "guard", ` onFailure: "deny",`);
      const text = box.read(file);
      const { entry, events } = adapter.hostFailClosed!;
      const switched = wired.filter((w) => !events || events.includes(w.nativeEvent)).length;
      expect(switched).toBeGreaterThan(0);
      for (const key of Object.keys(entry!)) expect({ key, times: text.split(key).length - 1 }).toEqual({ key, times: switched });
      expect(text.split("--fail-closed").length - 1).toBe(wired.length);
      expect(box.cli(["uninstall", "--connector", "guard"]).exitCode).toBe(0);
      expect(box.read(file)).toBe(alone.read(plainFile.file));
    });
  }
});

describe("explain --json: failClosed per host", () => {
  test("what our hook covers, what the host adds, what it cannot; nothing for a connector without the policy", () => {
    const box = sandbox();
    const explain = (source: string, id: string) => {
      const result = box.cli(["explain", "--config", writeConfig(box, source, `${id}.config.ts`), "--platform", "claude-code,cursor,codex,opencode", "--json"]);
      expect(result.exitCode).toBe(0);
      return Object.fromEntries((JSON.parse(result.stdout).hosts as { platform: string; failClosed?: unknown }[]).map((h) => [h.platform, h.failClosed]));
    };
    const ours =
      "a handler that throws, exits or overruns its time budget, an invalid answer, a connector that cannot load or cannot be trusted, an unreadable payload, user code that blocks the process";
    expect(explain(GUARD, "guard")).toEqual({
      "claude-code": {
        definitions: ["PreToolUse"],
        ours,
        host: `Claude Code blocks the action when the hook command cannot start, times out or exits with an unexpected code (onFailure: "block")`,
        entry: { onFailure: "block" },
        cannot: "a host version older than the one that reads its setting",
      },
      cursor: {
        definitions: ["PreToolUse"],
        ours,
        host: "Cursor blocks the action when the hook crashes, times out or prints invalid JSON (failClosed)",
        entry: { failClosed: true },
        cannot: "a host version older than the one that reads its setting",
      },
      codex: { definitions: ["PreToolUse"], ours, cannot: "the binary missing or killed before it answers: Codex then runs the tool" },
      opencode: {
        definitions: ["PreToolUse"],
        ours,
        host: "the plugin module denies when its worker or the binary cannot answer",
        cannot: "the host failing to load the module",
      },
    });
    for (const failClosed of Object.values(explain(PLAIN, "plain"))) expect(failClosed ?? undefined).toBeUndefined();
  });
});
