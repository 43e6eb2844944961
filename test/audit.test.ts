import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { generous } from "./support/budget.ts";
import { fixturePayload, sandbox, writeConfig, type Sandbox } from "./support/harness.ts";
import { BOTH_WAYS, DAEMON_ON, daemonReady } from "./reliability/support.ts";

/**
 * The decision ledger (issue 45; docs/audit.md): every call that decided or failed is one sealed
 * JSON line under the home, written by the call that decided, through the daemon and in a process
 * of its own; `logs` reads it (filters, --json as stored, --stats), and `logs --verify` names the
 * first record changed, removed or inserted.
 */

const boxes: Sandbox[] = [];
afterAll(() => {
  for (const box of boxes) box.cli(["daemon", "stop"], { env: DAEMON_ON });
}, 60_000);

/** What could hide or forge a line, raw. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for.
const HIDING = /[\r\u2028\u2029\u0085\u001b]/;

const ledgerDir = (box: Sandbox) => join(box.env.AGENT_CONNECTOR_HOME!, "audit");
const ledgerPath = (box: Sandbox) => join(ledgerDir(box), "decisions.jsonl");

/** A sandbox with connector `test` installed: `hooks` is the config's hooks object. */
function installedBox(hooks: string, extra = ""): Sandbox {
  const box = sandbox();
  boxes.push(box);
  const config = writeConfig(box, `{ id: "test", timeout: 10,${extra} hooks: ${hooks} }`);
  const installed = box.cli(["install", "--config", config, "--platform", "claude-code"]);
  if (installed.exitCode !== 0) throw new Error(`install failed: ${installed.stderr}`);
  return box;
}

const DENY = `{ handler: () => ({ decision: "deny", reason: "audit says no" }) }`;
const DENY_ALL = `{ PreToolUse: ${DENY}, PostToolUse: ${DENY}, UserPromptSubmit: ${DENY} }`;

/** Stored records, as `logs --json` prints them: one JSON object a line. */
const records = (box: Sandbox, args: string[] = []): Record<string, unknown>[] => {
  const out = box.cli(["logs", "--json", "--lines", "0", ...args]);
  expect(out.exitCode).toBe(0);
  return out.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
};

const CANNOT_BLOCK = "ignored (the host cannot block here)";
const CONTEXT_INSTEAD = "context carrying the reason (the host cannot block here)";
/**
 * Eight json-stdio hosts, a deny on three events each, and what each host does with it (their
 * adapters' capabilities, docs/hosts/<id>.md): blocked, or what the deny became.
 */
const HOSTS: [string, Record<string, string>][] = [
  ["claude-code", {}],
  ["codex", {}],
  ["qwen-code", {}],
  ["codebuddy", {}],
  ["droid", { PostToolUse: CONTEXT_INSTEAD }],
  ["kimi", { PostToolUse: CANNOT_BLOCK }],
  ["goose", { PostToolUse: CANNOT_BLOCK, UserPromptSubmit: CANNOT_BLOCK }],
  ["windsurf", { PostToolUse: CANNOT_BLOCK }],
];
const EVENTS = ["PreToolUse", "PostToolUse", "UserPromptSubmit"];

for (const [way, env] of BOTH_WAYS) {
  describe(`the decision ledger (${way})`, () => {
    test(
      "24 denies over 8 hosts: `logs --decision deny --json` lists each, with what the host enforced",
      () => {
        const box = installedBox(DENY_ALL);
        if (way === "daemon") daemonReady(box);
        for (const [host] of HOSTS)
          for (const event of EVENTS) expect(box.hook(host, event, fixturePayload(host, event, box), { env }).exitCode).toBeOneOf([0, 2]);
        const denies = records(box, ["--decision", "deny"]);
        expect(denies.map((r) => [r.host, r.event, r.connector, r.answer, r.enforced, r.effect, r.outcome, r.reason])).toEqual(
          HOSTS.flatMap(([host, degraded]) =>
            EVENTS.map((event) => {
              const effect = degraded[event];
              const enforced = effect === CONTEXT_INSTEAD ? "context" : effect ? "no opinion" : "deny";
              return [host, event, "test", "deny", enforced, effect ?? "as answered", "handler", "audit says no"];
            }),
          ),
        );
        for (const r of denies) {
          expect(r).toMatchObject({ v: 1, latencyMs: expect.any(Number), build: expect.any(String), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
          if (r.event !== "UserPromptSubmit") expect(r.tool).toMatchObject({ name: expect.any(String), kind: expect.any(String) });
        }
        expect(denies.map((r) => r.seq)).toEqual(denies.map((_, i) => i + 1));
        // Stats: per host and decision.
        const stats = JSON.parse(box.cli(["logs", "--stats", "--json"]).stdout) as { stats: { host: string; decision: string; calls: number }[] };
        expect(stats.stats.map((s) => [s.host, s.decision, s.calls])).toEqual(HOSTS.map(([host]) => [host, "deny", 3]).sort());
        // The file obeys hook.log's rules: this user's only.
        expect(statSync(ledgerPath(box)).mode & 0o777).toBe(0o600);
        expect(statSync(ledgerDir(box)).mode & 0o777).toBe(0o700);
      },
      generous(120_000),
    );

    test(
      "a line a message could forge or hide is one escaped line everywhere; logs drops nothing",
      () => {
        const forged = ["ok\r2026-01-01T00:00:00.000Z claude-code PreToolUse (test): forged", "a\u2028b", "c\u0085d", "\u001b[2K\u001b[1Ghidden"];
        // The messages are the handler's own (a payload's strings are redacted from every line): the command picks one.
        const box = installedBox(
          `{ PreToolUse: { handler: (e) => { throw new Error(${JSON.stringify(forged)}[Number(e.toolInput.command)]) } }, UserPromptSubmit: { handler: () => ({ decision: "deny", reason: "x\\u2028y\\rz" }) } }`,
        );
        if (way === "daemon") daemonReady(box);
        const escaped = ["ok\\r2026-01-01T00:00:00.000Z claude-code PreToolUse (test): forged", "a\\u2028b", "c\\u0085d", "\\u001b[2K\\u001b[1Ghidden"];
        for (const [command] of forged.entries()) {
          const result = box.hook(
            "claude-code",
            "PreToolUse",
            { session_id: "s", cwd: box.project, tool_name: "Bash", tool_input: { command: String(command) } },
            { env },
          );
          expect(result.exitCode).toBe(0);
          expect(result.stderr.endsWith("\n") && result.stderr.split("\n")).toHaveLength(2);
          expect(result.stderr).not.toMatch(HIDING);
        }
        box.hook("claude-code", "UserPromptSubmit", { session_id: "s", prompt: "hi" }, { env });
        const hookLog = box.read(join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log"));
        expect(hookLog.split("\n").filter(Boolean)).toHaveLength(4);
        expect(hookLog).not.toMatch(HIDING);
        for (const text of escaped) expect(hookLog).toContain(`handler threw: ${text}; allowed (fail-open)`);
        // The ledger: four failures, as stored, each one JSON line; shown as one line each.
        expect(records(box).map((r) => [r.outcome, r.reason])).toEqual([
          ...escaped.map((text) => ["fail-open: throw", `handler threw: ${text}`]),
          ["handler", "x\u2028y\rz"],
        ]);
        const shown = box.cli(["logs"]).stdout;
        expect(shown).not.toMatch(HIDING);
        expect(shown.split("\n").filter(Boolean)).toHaveLength(5);
        expect(shown).toContain("claude-code: deny  x\\u2028y\\rz\n");
        for (const text of escaped) expect(shown).toContain(`handler threw: ${text}`);
        // hook.log read back: four failures, each its own kind.
        const hookEntries = JSON.parse(box.cli(["logs", "--hook-log", "--json"]).stdout) as { entries: { decision: string; message: string }[] };
        expect(hookEntries.entries.map((e) => [e.decision, e.message])).toEqual(escaped.map((text) => ["fail-open", `handler threw: ${text}`]));
      },
      generous(60_000),
    );
  });
}

describe("logs --verify", () => {
  /** A ledger of five records (five calls in a process of their own). */
  function fiveRecords(): Sandbox {
    const box = installedBox(`{ PreToolUse: ${DENY} }`);
    for (let i = 0; i < 5; i++) box.hook("claude-code", "PreToolUse", { session_id: `s${i}`, tool_name: "Bash", tool_input: { command: `echo ${i}` } });
    const verified = box.cli(["logs", "--verify"]);
    expect(verified.stdout).toBe(`The ledger's chain holds: 5 records (1 to 5) in ${ledgerDir(box)}.\n`);
    expect(verified.exitCode).toBe(0);
    return box;
  }
  const edit = (box: Sandbox, change: (lines: string[]) => string[]) =>
    box.write(ledgerPath(box), `${change(box.read(ledgerPath(box)).split("\n").filter(Boolean)).join("\n")}\n`);
  const verify = (box: Sandbox) => {
    const result = box.cli(["logs", "--verify", "--json"]);
    expect(result.exitCode).toBe(5);
    return (JSON.parse(result.stdout) as { broken: { what: string; line: number; seq?: number; message: string } }).broken;
  };

  test(
    "an edited record is named",
    () => {
      const box = fiveRecords();
      edit(box, (lines) => lines.map((line, i) => (i === 2 ? line.replace('"answer":"deny"', '"answer":"allow"') : line)));
      expect(verify(box)).toMatchObject({ what: "changed", line: 3, seq: 3 });
      expect(box.cli(["logs", "--verify"]).stdout).toBe(
        `The ledger's chain is broken: ${ledgerPath(box)}:3 (record 3) was changed: its seal does not match its text.\n`,
      );
    },
    generous(60_000),
  );

  test(
    "a removed record is named",
    () => {
      const box = fiveRecords();
      edit(box, (lines) => lines.filter((_, i) => i !== 1));
      expect(verify(box)).toMatchObject({ what: "removed", line: 2, seq: 3, message: `record 2 before ${ledgerPath(box)}:2 was removed` });
    },
    generous(60_000),
  );

  test(
    "an inserted record is named: a copy of another, or a line of its own",
    () => {
      const box = fiveRecords();
      const original = box.read(ledgerPath(box));
      edit(box, (lines) => [...lines.slice(0, 4), lines[1]!, lines[4]!]);
      expect(verify(box)).toMatchObject({ what: "inserted", line: 5, seq: 2 });
      box.write(ledgerPath(box), original);
      edit(box, (lines) => [...lines.slice(0, 2), `{"v":1,"seq":3,"answer":"allow"}`, ...lines.slice(2)]);
      expect(verify(box)).toMatchObject({ what: "inserted", line: 3 });
      // Read, nothing is dropped: a line that is no record is shown for what it is.
      edit(box, (lines) => [...lines.slice(0, 1), "\u001b[2Kgarbage", ...lines.slice(1)]);
      const shown = box.cli(["logs"]).stdout.split("\n").filter(Boolean);
      expect(shown).toHaveLength(7);
      expect(shown[1]).toBe(`${ledgerPath(box)}:2: not a ledger record (see agent-connector logs --verify): \\u001b[2Kgarbage`);
      expect(records(box)[1]).toEqual({ unreadable: "\u001b[2Kgarbage", file: ledgerPath(box), line: 2 });
    },
    generous(60_000),
  );

  test(
    "the chain holds across rotation; a file removed from the middle is named",
    () => {
      const box = installedBox(`{ PreToolUse: ${DENY} }`);
      const small = { AGENT_CONNECTOR_AUDIT_MAX_BYTES: "4096", AGENT_CONNECTOR_AUDIT_KEEP: "3" };
      for (let i = 0; i < 20; i++)
        box.hook("claude-code", "PreToolUse", { session_id: `s${i}`, tool_name: "Bash", tool_input: { command: `echo ${i}` } }, { env: small });
      expect(
        readdirSync(ledgerDir(box))
          .filter((name) => name.endsWith(".jsonl"))
          .sort(),
      ).toEqual(["decisions.1.jsonl", "decisions.2.jsonl", "decisions.jsonl"]);
      const kept = records(box);
      expect(kept.at(-1)?.seq).toBe(20);
      const verified = JSON.parse(box.cli(["logs", "--verify", "--json"]).stdout) as { ok: boolean; first: number; last: number };
      expect(verified).toMatchObject({ ok: true, first: kept[0]!.seq as number, last: 20 });
      box.write(join(ledgerDir(box), "decisions.1.jsonl"), "");
      expect(verify(box)).toMatchObject({ what: "removed", line: 1 });
    },
    generous(60_000),
  );
});

describe("a connector's audit setting", () => {
  test(
    '"all" records calls with no opinion; false records nothing, a failure neither',
    () => {
      const all = installedBox(`{ PreToolUse: { matcher: "Bash", handler: () => undefined } }`, ` audit: "all",`);
      all.hook("claude-code", "PreToolUse", { session_id: "s", tool_name: "Bash", tool_input: { command: "ls" } });
      all.hook("claude-code", "PreToolUse", { session_id: "s", tool_name: "Read", tool_input: { file_path: "/etc/hosts" } });
      expect(records(all).map((r) => [r.answer, r.outcome, (r.tool as { name: string }).name])).toEqual([
        ["no opinion", "handler", "Bash"],
        ["no opinion", "no-match", "Read"],
      ]);
      const off = installedBox(
        `{ PreToolUse: { handler: (e) => e.toolInput.command === "boom" ? Promise.reject(new Error("boom")) : { decision: "deny" } } }`,
        ` audit: false,`,
      );
      off.hook("claude-code", "PreToolUse", { session_id: "s", tool_name: "Bash", tool_input: { command: "ls" } });
      off.hook("claude-code", "PreToolUse", { session_id: "s", tool_name: "Bash", tool_input: { command: "boom" } });
      expect(off.exists(ledgerPath(off))).toBe(false);
    },
    generous(60_000),
  );

  test(
    "by default: decisions and failures, scrubbed and cut; not a call with no opinion",
    () => {
      const box = installedBox(
        `{ PreToolUse: { handler: (e) => e.toolInput.command.startsWith("ls") ? undefined : { decision: "deny", reason: process.env.AC_TEST_API_KEY } } }`,
      );
      const env = { AC_TEST_API_KEY: "sk-live-abcdef123456" };
      box.hook("claude-code", "PreToolUse", { session_id: "s", tool_name: "Bash", tool_input: { command: "ls" } }, { env });
      box.hook(
        "claude-code",
        "PreToolUse",
        { session_id: "s", tool_name: "Bash", tool_input: { command: `curl -H "x: sk-live-abcdef123456" ${"a".repeat(1000)}` } },
        { env },
      );
      box.hook("claude-code", "PreToolUse", { session_id: "s", tool_name: "Bash", tool_input: { command: "rm" } }, { connector: "ghost", env });
      const [deny, failed, ...rest] = records(box);
      expect(rest).toEqual([]);
      expect(deny).toMatchObject({ answer: "deny", reason: "[redacted]", outcome: "handler" });
      const command = (deny!.tool as { command: string }).command;
      expect(command).toStartWith('curl -H "x: [redacted]" aaa');
      expect(command.length).toBeLessThan(400);
      expect(failed).toMatchObject({
        connector: "ghost",
        answer: "no opinion",
        outcome: "fail-open: config",
        reason: 'connector "ghost" is not installed (no registry entry)',
      });
    },
    generous(60_000),
  );
});

describe("the ledger obeys hook.log's rules", () => {
  test(
    "never written through a symlink, nor into a folder other users can write; the deny stands",
    () => {
      const box = installedBox(`{ PreToolUse: ${DENY} }`);
      const call = () => box.hook("claude-code", "PreToolUse", { session_id: "s", tool_name: "Bash", tool_input: { command: "ls" } });
      const denied = `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "audit says no" } })}\n`;
      expect(call().stdout).toBe(denied);
      expect(records(box)).toHaveLength(1);
      // A symlink in the ledger's place: the file it points at is left as it was.
      const precious = box.write("precious.txt", "mine\n");
      rmSync(ledgerPath(box));
      symlinkSync(precious, ledgerPath(box));
      expect(call().stdout).toBe(denied);
      expect(box.read(precious)).toBe("mine\n");
      // A folder other users can write: nothing is written into it.
      rmSync(ledgerPath(box));
      chmodSync(ledgerDir(box), 0o777);
      expect(call().stdout).toBe(denied);
      expect(readdirSync(ledgerDir(box))).toEqual([]);
      chmodSync(ledgerDir(box), 0o700);
      expect(call().stdout).toBe(denied);
      expect(records(box)).toHaveLength(1);
    },
    generous(60_000),
  );
});

describe("our stderr lines", () => {
  test(
    "a path or a word that holds CR or an ANSI escape is shown escaped, on one line",
    () => {
      const box = sandbox();
      const install = box.cli(["install", "--config", join(box.root, "x\r\u001b[2Kforged.ts"), "--platform", "claude-code"]);
      expect(install.stderr).toBe(`[error] ${join(box.root, "x\\r\\u001b[2Kforged.ts")}: file not found\n`);
      const unknown = box.cli(["in\u2028stall"]);
      expect(unknown.stderr).not.toMatch(HIDING);
      expect(unknown.stderr).toStartWith('agent-connector: unknown command "in\\u2028stall"');
    },
    generous(60_000),
  );
});

describe.skipIf(process.getuid?.() !== 0)("the machine-wide audit setting (root's file)", () => {
  /** A sandbox whose machine-wide root holds audit.json with `text` (root's: the tests run as root). */
  function withMachineFile(box: Sandbox, text: string, mode = 0o644): string {
    const root = join(box.root, "machine");
    box.env.AGENT_CONNECTOR_MANAGED_ROOT = root;
    const file = box.write(join(root, "etc", "agent-connector", "audit.json"), text);
    chmodSync(join(root, "etc", "agent-connector"), 0o755);
    chmodSync(file, mode);
    return file;
  }
  const noOpinion = (box: Sandbox, env: Record<string, string> = {}) =>
    box.hook("claude-code", "PreToolUse", { session_id: "s", tool_name: "Bash", tool_input: { command: "ls" } }, { env });

  for (const [way, env] of BOTH_WAYS) {
    test(
      `raises a connector's level, never lowers it (${way})`,
      () => {
        const quiet = installedBox(`{ PreToolUse: { handler: (e) => e.toolInput.command === "ls" ? undefined : { decision: "deny" } } }`, " audit: false,");
        withMachineFile(quiet, `{ "audit": "all" }`);
        if (way === "daemon") daemonReady(quiet);
        noOpinion(quiet, env);
        expect(records(quiet).map((r) => [r.answer, r.outcome])).toEqual([["no opinion", "handler"]]);

        const all = installedBox(`{ PreToolUse: { handler: () => undefined } }`, ` audit: "all",`);
        withMachineFile(all, `{ "audit": "decisions" }`);
        if (way === "daemon") daemonReady(all);
        noOpinion(all, env);
        expect(records(all)).toHaveLength(1);
      },
      generous(60_000),
    );
  }

  test(
    "a file others can write, or one that does not parse, is ignored and hook.log says why once",
    () => {
      const box = installedBox(`{ PreToolUse: { handler: () => undefined } }`);
      const file = withMachineFile(box, `{ "audit": "all" }`, 0o666);
      noOpinion(box);
      noOpinion(box);
      expect(box.exists(ledgerPath(box))).toBe(false);
      const log = () => box.read(join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log"));
      expect(
        log()
          .split("\n")
          .filter((line) => line.includes("machine-wide audit setting is ignored")),
      ).toHaveLength(1);
      expect(log()).toContain(`${file} is writable by others (mode 666)`);
      chmodSync(file, 0o644);
      box.write(file, `{ "audit": "everything" }`);
      noOpinion(box);
      expect(box.exists(ledgerPath(box))).toBe(false);
      expect(log()).toContain('the machine-wide audit setting is ignored: audit must be "all" or "decisions"');
      box.write(file, `{ "audit": "all" }`);
      noOpinion(box);
      expect(records(box)).toHaveLength(1);
    },
    generous(60_000),
  );
});

describe("a ledger folder another local user could change", () => {
  for (const [way, env] of BOTH_WAYS) {
    test(
      `is neither written nor shipped; the guard still answers, hook.log says so once, status and doctor say so and fail (${way})`,
      () => {
        const box = installedBox(`{ PreToolUse: ${DENY} }`);
        if (way === "daemon") daemonReady(box);
        const deny = () => box.hook("claude-code", "PreToolUse", { session_id: "s", tool_name: "Bash", tool_input: { command: "ls" } }, { env }).stdout;
        const denied = `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "audit says no" } })}\n`;
        expect(deny()).toBe(denied);
        expect(records(box)).toHaveLength(1);
        chmodSync(ledgerDir(box), 0o777);
        expect(deny()).toBe(denied);
        expect(deny()).toBe(denied);
        // hook.log says it once (the call's line is written after its answer: waited for).
        const said = `${ledgerDir(box)} is writable by other users (mode 0777): this call's decision was not recorded in the ledger, since another local user could change it. Make it yours and writable by you only (chown, chmod go-w)`;
        const hookLog = join(box.env.AGENT_CONNECTOR_HOME!, "logs", "hook.log");
        const deadline = Date.now() + generous(20_000);
        while (!(box.exists(hookLog) && box.read(hookLog).includes(said)) && Date.now() < deadline) Bun.sleepSync(50);
        expect(
          box
            .read(hookLog)
            .split("\n")
            .filter((line) => line.includes(said)),
        ).toHaveLength(1);
        const warning = `warn: ${ledgerDir(box)} is writable by other users (mode 0777): hook calls run, but their decisions are not recorded in the ledger (nor shipped), since another local user could change it. Make it yours and writable by you only (chown, chmod go-w)`;
        for (const command of ["status", "doctor"]) {
          const said = box.cli([command], { env });
          expect({ command, exitCode: said.exitCode, warned: said.stdout.includes(warning) }).toEqual({ command, exitCode: 5, warned: true });
        }
        expect(JSON.parse(box.cli(["status", "--json"], { env }).stdout).trust).toEqual([warning.slice("warn: ".length)]);
        chmodSync(ledgerDir(box), 0o700);
        expect(deny()).toBe(denied);
        // The calls made while the folder was open to others left nothing: the chain goes on from the first.
        expect(records(box).map((r) => r.seq)).toEqual([1, 2]);
        expect(box.cli(["status"], { env }).exitCode).toBe(0);
      },
      generous(60_000),
    );
  }
});
