/**
 * The vocabulary leaves no gap (issue 44), on the compiled binary, with cases generated from the
 * adapters (a new host is covered by its adapter alone):
 * - a deny-everything `@shell` guard denies every shell tool of every hook host, exactly as a deny
 *   written in the host's own words; the tools that run code or write into a running shell, once
 *   kind `other`, are among them;
 * - a `.env` write guard on `@write|@edit` denies every write and edit tool whose input names its
 *   files (a patch envelope, a list of edits, a bare patch text), and sees that path in
 *   `event.tool.filePaths`; a tool whose input names none says why in its adapter;
 * - every `other` tool carries the reason it is no shell, read, write, edit or fetch.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Adapter } from "../src/adapter.ts";
import { isUnknown, NAMED_KINDS, namesOfKind, type KnownTools, type ToolFields } from "../src/tools/vocabulary.ts";
import { sandbox, writeConfig, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { bothReplies, callingHosts, fixtureOf, hookHosts, inputNaming, inputRunning, normalized, withCall } from "./support/tool-calls.ts";
import type { Json } from "./hosts-data/record.ts";

const GUARDS = `{
  id: "guards",
  hooks: {
    PreToolUse: {
      matcher: "@shell|@write|@edit",
      handler: (event) => {
        if (event.tool.kind === "shell") return { decision: "deny", reason: "no commands" };
        if ((event.tool.filePaths ?? []).some((path) => /(^|[\\/]).env$/.test(path))) return { decision: "deny", reason: "no .env" };
      },
    },
  },
}`;

const known = (adapter: Adapter): KnownTools | undefined => (isUnknown(adapter.tools) ? undefined : (adapter.tools as KnownTools));
const fieldsOf = (adapter: Adapter, kind: "shell" | "write" | "edit", name: string): ToolFields => known(adapter)![kind]![name]!;

describe("every `other` tool says why it is of no kind", () => {
  for (const adapter of hookHosts) {
    const tools = known(adapter);
    if (!tools) continue;
    test(adapter.id, () => {
      const unexplained = Object.entries(tools.other ?? {}).filter(([, why]) => typeof why !== "string" || why.trim().length < 10);
      expect(unexplained).toEqual([]);
      // A name is in one place only: a tool of a kind is never also `other`.
      const named = NAMED_KINDS.flatMap((kind) => namesOfKind(tools, kind));
      expect(Object.keys(tools.other ?? {}).filter((name) => named.includes(name))).toEqual([]);
    });
  }
});

describe("every write and edit tool names its files, or says why not", () => {
  for (const adapter of hookHosts) {
    const tools = known(adapter);
    if (!tools) continue;
    test(adapter.id, () => {
      const silent = (["write", "edit"] as const).flatMap((kind) =>
        Object.entries(tools[kind] ?? {})
          .filter(([, fields]) => !fields.filePaths && !(fields.pathless && fields.pathless.length >= 10))
          .map(([name]) => name),
      );
      expect(silent).toEqual([]);
    });
  }
});

// The tools the issue found as `other`: they run what they are given.
const ONCE_OTHER: Record<string, string[]> = {
  "copilot-cli": ["write_bash", "write_powershell"],
  hermes: ["execute_code", "process"],
  "vscode-copilot": ["create_and_run_task", "run_task", "run_vscode_command", "run_notebook_cell"],
  auggie: ["write-process"],
};

test("the tools that run code or type into a running shell are @shell", () => {
  for (const [host, names] of Object.entries(ONCE_OTHER)) {
    const adapter = callingHosts.find((a) => a.id === host)!;
    expect({ host, shell: names.filter((name) => namesOfKind(adapter.tools, "shell").includes(name)) }).toEqual({ host, shell: names });
  }
});

for (const adapter of callingHosts) {
  const tools = known(adapter);
  if (!tools) continue;
  describe(`${adapter.id}: the guards reach every tool of their kind`, () => {
    let box: Sandbox;
    let guards: string;
    let reference: string;
    beforeAll(() => {
      box = sandbox();
      guards = writeConfig(box, GUARDS, "guards.config.ts");
      reference = writeScriptedConfig(box);
    });
    /** The guard's reply to `payload`, and the reply to a deny written in the host's own words. */
    const both = (payload: Json, reason: string) => bothReplies(box, guards, reference, adapter.id, payload, { decision: "deny", reason });

    for (const name of namesOfKind(tools, "shell")) {
      test(`@shell denies ${name}`, () => {
        const payload = withCall(adapter, fixtureOf(adapter, box)!, name, inputRunning(fieldsOf(adapter, "shell", name).command, "rm -rf victim-dir"));
        const seen = normalized(adapter, payload);
        expect(seen.tool.kind).toBe("shell");
        if (fieldsOf(adapter, "shell", name).command) expect(seen.tool.command).toBe("rm -rf victim-dir");
        const { mine, theirs } = both(payload, "no commands");
        expect(mine).toEqual(theirs);
        expect(mine.stdout + mine.stderr).toContain("no commands");
      });
    }

    for (const kind of ["write", "edit"] as const) {
      for (const name of namesOfKind(tools, kind)) {
        const ref = fieldsOf(adapter, kind, name).filePaths;
        if (!ref) continue;
        test(`a .env guard sees the path of ${name} (@${kind}) and denies it`, () => {
          const file = `${box.project}/.env`;
          const payload = withCall(adapter, fixtureOf(adapter, box)!, name, inputNaming(ref, file));
          expect(normalized(adapter, payload).tool).toMatchObject({ kind, filePaths: [file] });
          const { mine, theirs } = both(payload, "no .env");
          expect(mine).toEqual(theirs);
        });
      }
    }
  });
}

test("install warns where a @write|@edit guard reaches a tool whose input names no file", () => {
  const box = sandbox();
  const config = writeConfig(box, `{ id: "paths", hooks: { PreToolUse: { matcher: "@write|@edit", handler: () => undefined } } }`);
  const result = box.cli(["install", "--config", config, "--platform", "mux", "--dry-run"]);
  expect(result.exitCode).toBe(0);
  expect(result.stderr).toContain(
    'Mux PreToolUse: the matcher "@write|@edit" reaches Mux tools that write files but name none (task_apply_git_patch: it applies a finished subagent task\'s commits, named by task id: no file in its input); there event.tool.filePaths is absent, so a guard on paths cannot see what they write.',
  );
  const shellOnly = writeConfig(box, `{ id: "cmds", hooks: { PreToolUse: { matcher: "@shell", handler: () => undefined } } }`, "cmds.config.ts");
  expect(box.cli(["install", "--config", shellOnly, "--platform", "mux", "--dry-run"]).stderr).not.toContain("name none");
});

describe("a tool name the host's adapter does not list", () => {
  const claude = callingHosts.find((a) => a.id === "claude-code")!;
  for (const daemon of ["0", "1"]) {
    test(`only @other matches it, and hook.log says so once per host and name (daemon ${daemon})`, () => {
      const box = sandbox();
      const env = { AGENT_CONNECTOR_DAEMON: daemon };
      const other = writeConfig(
        box,
        `{ id: "o", hooks: { PreToolUse: { matcher: "@other", handler: () => ({ decision: "deny", reason: "unknown" }) } } }`,
        "o.config.ts",
      );
      const shell = writeConfig(
        box,
        `{ id: "s", hooks: { PreToolUse: { matcher: "@shell", handler: () => ({ decision: "deny", reason: "shell" }) } } }`,
        "s.config.ts",
      );
      const call = (name: string, config: string) =>
        box.hook("claude-code", "PreToolUse", withCall(claude, fixtureOf(claude, box)!, name, {}), { config, env });
      expect(call("BrandNewTool", other).stdout).toContain("unknown");
      expect(call("BrandNewTool", shell).stdout).toBe("");
      call("BrandNewTool", other);
      call("Bash", other);
      call("mcp__srv__tool", other);
      call("TodoWrite", other);
      const notes = (JSON.parse(box.cli(["logs", "--hook-log", "--json"]).stdout) as { entries: { decision: string; message?: string }[] }).entries.filter(
        (e) => e.message?.includes("unknown tool"),
      );
      expect(notes).toEqual([
        expect.objectContaining({
          decision: "note",
          message: "unknown tool BrandNewTool on host claude-code: its adapter does not list it, so only @other matches it",
        }),
      ]);
    });
  }
});
