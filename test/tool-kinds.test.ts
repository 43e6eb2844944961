/**
 * One handler, every host: a connector written once with kind matchers (@shell, @write, @edit) and
 * the portable `event.tool` view, run through the compiled binary on every hook host's own
 * PreToolUse payload (its fixture: captured from the real host, or from its docs). Its reply must be
 * exactly the reply the same host gives a handler written in that host's own words: a deny of a
 * destructive command, a deny of a write to `.env`, and a rewrite of the command (`updatedTool`)
 * that lands in the host's own input shape. No host is hand-picked: every adapter is walked.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { ADAPTERS } from "../adapters/index.ts";
import type { Adapter } from "../src/adapter.ts";
import { isUnknown, namesOfKind, type FieldRef, type NamedKind } from "../src/tools/vocabulary.ts";
import { sandbox, writeConfig, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { bothReplies, callingHosts, fixtureOf, hookHosts, inputNaming, inputRunning, normalized, withCall } from "./support/tool-calls.ts";
import type { Json } from "./hosts-data/record.ts";

const CONNECTOR = `{
  id: "kinds",
  hooks: {
    PreToolUse: {
      matcher: "@shell|@write|@edit",
      handler: (event) => {
        const { kind, command = "", filePaths = [] } = event.tool;
        if (kind === "shell" && command.includes("rm -rf victim-dir")) return { decision: "deny", reason: "R" };
        if (filePaths.some((path) => /(^|[\\\\/])\\.env$/.test(path))) return { decision: "deny", reason: "R" };
        if (kind === "shell") return { updatedTool: { command: "echo safe" } };
      },
    },
  },
}`;

/** An input for the host's first write or edit tool that names its files: one writing `.env`, in the host's shape. */
function envWrite(adapter: Adapter, box: Sandbox): { name: string; input: Json | string } | undefined {
  for (const kind of ["write", "edit"] as NamedKind[]) {
    for (const name of namesOfKind(adapter.tools, kind)) {
      const ref = (adapter.tools as Record<string, Record<string, { filePaths?: FieldRef }>>)[kind]![name]!.filePaths;
      if (ref) return { name, input: inputNaming(ref, `${box.project}/.env`) };
    }
  }
  return undefined;
}

describe("every hook host declares its tools, or says why not", () => {
  for (const adapter of hookHosts) {
    test(adapter.id, () => {
      expect(adapter.tools).toBeDefined();
      if (isUnknown(adapter.tools)) expect(adapter.tools!.unknown.length).toBeGreaterThan(20);
      else expect(adapter.sources.length).toBeGreaterThan(0);
    });
  }
});

for (const adapter of callingHosts) {
  if (isUnknown(adapter.tools)) continue;
  const hasShell = namesOfKind(adapter.tools, "shell").length > 0;
  describe(`${adapter.id}: one kind-matcher connector, the host's own reply`, () => {
    let box: Sandbox;
    let kinds: string;
    let reference: string;
    beforeAll(() => {
      box = sandbox();
      kinds = writeConfig(box, CONNECTOR, "kinds.config.ts");
      reference = writeScriptedConfig(box);
    });
    /** The kind connector's reply, and the reply to `response` written in the host's own words. */
    const both = (payload: Json, response: unknown) => bothReplies(box, kinds, reference, adapter.id, payload, response);

    /** The fixture as a shell call: as captured when it is one, else the host's shell tool put in. */
    const shellCall = (): { payload: Json; command: string } => {
      const payload = fixtureOf(adapter, box)!;
      const seen = normalized(adapter, payload);
      if (seen.tool.kind === "shell" && seen.tool.command) {
        // The command the view shows is the one in the host's payload, verbatim.
        expect(JSON.stringify(payload)).toContain(JSON.stringify(seen.tool.command).slice(1, -1));
        return { payload, command: seen.tool.command };
      }
      const name = namesOfKind(adapter.tools, "shell")[0]!;
      const ref = (adapter.tools as Record<string, Record<string, { command?: FieldRef }>>).shell![name]!.command!;
      const command = "git status";
      return { payload: withCall(adapter, payload, name, inputRunning(ref, command)), command };
    };

    test("the fixture is there", () => expect(fixtureOf(adapter, box)).toBeDefined());

    if (hasShell) {
      test("@shell: a destructive command is denied, exactly as a host-worded deny", () => {
        const { payload, command } = shellCall();
        const destructive = JSON.parse(JSON.stringify(payload).split(JSON.stringify(command).slice(1, -1)).join("rm -rf victim-dir"));
        expect(normalized(adapter, destructive).tool.command).toContain("rm -rf victim-dir");
        const { mine, theirs } = both(destructive, { decision: "deny", reason: "R" });
        expect(mine).toEqual(theirs);
        expect(mine.stdout + mine.stderr).toContain("R");
      });

      test("@shell + updatedTool: the rewrite lands in the host's own input shape", () => {
        const { payload, command } = shellCall();
        const seen = normalized(adapter, payload);
        // The host's input with the command's text swapped, whatever shape holds it (a string, a list, an argv, a JSON text).
        const swapped = JSON.parse(JSON.stringify(seen.toolInput).split(JSON.stringify(command).slice(1, -1)).join("echo safe"));
        const { mine, theirs } = both(payload, { decision: "modify", updatedInput: swapped });
        expect(mine).toEqual(theirs);
      });
    }

    const write = (b: Sandbox) => envWrite(adapter, b);
    if (envWrite(adapter, { project: "/p" } as Sandbox)) {
      test("@write|@edit: a write to .env is denied, exactly as a host-worded deny", () => {
        const call = write(box)!;
        const payload = withCall(adapter, fixtureOf(adapter, box)!, call.name, call.input);
        const seen = normalized(adapter, payload);
        expect(seen.toolName).toBe(call.name);
        expect(seen.tool.filePaths).toEqual([`${box.project}/.env`]);
        const { mine, theirs } = both(payload, { decision: "deny", reason: "R" });
        expect(mine).toEqual(theirs);
        expect(mine.stdout + mine.stderr).toContain("R");
      });
    }

    test("a tool of no kind the matcher names: no reply at all", () => {
      const other = [
        ...(isUnknown(adapter.tools) ? [] : Object.keys(adapter.tools!.other ?? {})),
        ...namesOfKind(adapter.tools, "fetch"),
        ...namesOfKind(adapter.tools, "task"),
      ][0];
      if (!other) return;
      const payload = withCall(adapter, fixtureOf(adapter, box)!, other, {});
      const mine = box.hook(adapter.id, "PreToolUse", payload, { config: kinds });
      expect({ stdout: mine.stdout, exitCode: mine.exitCode, stderr: mine.stderr }).toEqual({ stdout: "", exitCode: 0, stderr: "" });
    });
  });
}

test("install warns, per host, where a kind cannot reach a tool; says nothing where it can", () => {
  const box = sandbox();
  const config = writeConfig(box, `{ id: "k", hooks: { PreToolUse: { matcher: "@shell", handler: () => undefined } } }`);
  const explain = JSON.parse(box.cli(["explain", "--config", config, "--json"]).stdout) as {
    hosts: { platform: string; matcherWarnings: string[]; tools: { known: boolean } }[];
  };
  for (const host of explain.hosts) {
    const adapter = ADAPTERS.find((a) => a.id === host.platform)!;
    if (!hookHosts.includes(adapter)) continue;
    if (!host.tools.known) expect(host.matcherWarnings.join("\n")).toContain("tool names are unknown");
    else if (namesOfKind(adapter.tools, "shell").length) expect(host.matcherWarnings).toEqual([]);
    else expect(host.matcherWarnings.join("\n")).toContain(`has no @shell tool`);
  }
});

test("a fixed rewrite (JSON config): install names the tools that have no place for a field", () => {
  const box = sandbox();
  const json = box.write(
    "project/agent-connector.config.json",
    JSON.stringify({ id: "paths", hooks: { PreToolUse: { matcher: "@edit", response: { updatedTool: { filePaths: ["safe.txt"] } } } } }),
  );
  const result = box.cli(["install", "--config", json, "--platform", "opencode", "--dry-run"]);
  expect(result.exitCode).toBe(0);
  // A patch's paths live inside its text: a rewrite cannot move them.
  expect(result.stderr).toContain(
    "[warn] OpenCode PreToolUse: updatedTool.filePaths has no place in the input of apply_patch, patch; there the original value is kept.\n",
  );
});
