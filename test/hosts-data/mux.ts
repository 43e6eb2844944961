import { describe, expect, test } from "bun:test";
import { generous } from "../support/budget.ts";
import { join } from "node:path";
import { BIN, fixturePayload, sandbox, writeConfig, writeScriptedConfig, type Sandbox } from "../support/harness.ts";
import { exit2, plainText } from "../support/decisions.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";
import { URL_HTTP, URL_SSE, json } from "./mcp.ts";

// Mux (now Xum), written from its source (test/fixtures/mux/README.md): the payload is the hook's
// environment, which the harness sets as Mux does.
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "bash", handler: (e) => ({ decision: "deny", reason: "no " + e.toolInput.script }) },
    PostToolUse: { handler: () => ({ additionalContext: "checked" }) },
  },
}`;
const launcher = (event: string) =>
  `#!/bin/sh\n# agent-connector launcher: mux ${event} for connector guard; written by agent-connector install, removed by its uninstall\nexec ${BIN} hook mux ${event} --connector guard </dev/null\n`;
const userFolder = (box: Sandbox) => join(box.home, ".xum");

// Mux: a stdio server is one command line, a remote one names its transport.
const MUX_MCP = { rec: "node server.mjs", api: { transport: "http", url: URL_HTTP }, old: { transport: "sse", url: URL_SSE } };

export const mux: HostRecord = {
  id: "mux",
  mcp: {
    kind: "scopes",
    user: [".xum/mcp.jsonc", json({ servers: MUX_MCP })],
    project: [".xum/mcp.jsonc", json({ servers: MUX_MCP })],
    own: json({ servers: { rec: "mine" } }),
  },
  fixtures: fromDocsEach(["PreToolUse", "PostToolUse"]),
  // tool_pre: a non-zero exit blocks and the output is the reason the model reads; tool_post: what
  // the hook prints is attached to the tool's result.
  replies: {
    PreToolUse: { deny: exit2("R") },
    PostToolUse: { deny: plainText("R"), context: plainText("C"), updatedOutput: plainText("The tool output was replaced by a hook:\nO") },
  },
  matchers: {
    config: { PreToolUse: "bash" },
    cases: {
      "matcher: every tool runs tool_pre, we match the whole name": [
        { event: "PreToolUse", reply: exit2("R") },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), XUM_TOOL: "bash_background", MUX_TOOL: "bash_background" }), reply: null },
      ],
    },
  },
  missing: { events: ["Stop", "SessionStart", "PostToolUseFailure"], raw: (box) => fixturePayload("mux", "PreToolUse", box) },
  install: {
    kind: "hooks-folder",
    source: SOURCE,
    folder: userFolder,
    projectFolder: (project) => join(project, ".xum"),
    override: { name: "XUM_ROOT", folder: (dir) => dir },
    fresh: { tool_pre: launcher("PreToolUse"), tool_post: launcher("PostToolUse") },
    freshStderr: ["Mux runs one tool_pre and one tool_post, the project's (.xum/, then .mux/) before the user's"],
    deny: exit2("no git push --force --timeout"),
    preToolUseFile: "tool_pre",
    payloadInEnv: true,
    besideOwn: "move it aside (or fold what it does into a handler) and install again",
    otherScope: "Mux runs one file of a name, the project's before the user's, so --scope project would hide this one rather than run beside it",
    dropped: { source: `{ id: "guard", hooks: { PreToolUse: { handler: () => undefined } } }`, file: "tool_post" },
    otherSource: `{ id: "audit", hooks: { PreToolUse: { handler: () => undefined } } }`,
  },
  extra: (payload) => {
    describe("mux: the payload from its environment", () => {
      /** `hook mux PreToolUse` with `env` as its environment and no stdin; what the handler saw. */
      const run = (env: Record<string, string>, response?: unknown) => {
        const box = sandbox();
        const config = writeScriptedConfig(box);
        const file = join(box.root, "seen.json");
        const vars = { ...box.env, ...env, AC_TEST_SEEN: file, AC_TEST_RESPONSE: response === undefined ? "" : JSON.stringify(response) };
        const proc = Bun.spawnSync([BIN, "hook", "mux", "PreToolUse", "--config", config], { env: vars, cwd: box.project });
        return { proc, seen: () => JSON.parse(box.read(file)) };
      };

      test("the variables become the event; stdin is not read (Mux may leave it open)", () => {
        const box = sandbox();
        const env = fixturePayload("mux", "PreToolUse", box) as Record<string, string>;
        const { proc, seen } = run(env);
        expect(proc.exitCode).toBe(0);
        const { raw, ...event } = seen();
        expect(event).toEqual({
          hostPlatform: "mux",
          connectorId: "test",
          sessionId: "ws-7f3a",
          projectDir: box.project,
          toolName: "bash",
          toolInput: { script: "git push --force", timeout_secs: 60 },
          tool: { kind: "shell", command: "git push --force" },
        });
        expect(raw).toEqual({
          tool_name: "bash",
          tool_input: { script: "git push --force", timeout_secs: 60 },
          workspace_id: "ws-7f3a",
          project_dir: box.project,
        });
      });

      test("older Mux (MUX_* only) and an input over 8 KB (a placeholder, the JSON in XUM_TOOL_INPUT_PATH)", () => {
        const box = sandbox();
        const file = box.write("input.json", JSON.stringify({ script: "echo big" }));
        const old = run({ MUX_TOOL: "bash", MUX_TOOL_INPUT: '{"script":"ls"}' });
        expect(old.seen().toolInput).toEqual({ script: "ls" });
        const big = run({ XUM_TOOL: "bash", XUM_TOOL_INPUT: "__MUX_TOOL_INPUT_FILE__", XUM_TOOL_INPUT_PATH: file });
        expect(big.seen().toolInput).toEqual({ script: "echo big" });
      });

      test("unreadable input fails open: exit 0 (an exit of 1 or 2 would block the tool in Mux)", () => {
        const deny = { decision: "deny", reason: "R" };
        const bad = run({ XUM_TOOL: "bash", XUM_TOOL_INPUT: "{not json" }, deny);
        expect(bad.proc.exitCode).toBe(0);
        expect(bad.proc.stderr.toString()).toContain("agent-connector: mux PreToolUse: XUM_TOOL_INPUT is not valid JSON; allowed (fail-open)");
        const missing = run({ XUM_TOOL: "bash", XUM_TOOL_INPUT: "__MUX_TOOL_INPUT_FILE__", XUM_TOOL_INPUT_PATH: "/nonexistent/input.json" }, deny);
        expect(missing.proc.exitCode).toBe(0);
        expect(missing.proc.stderr.toString()).toContain("the tool_input file named by XUM_TOOL_INPUT_PATH / MUX_TOOL_INPUT_PATH cannot be read");
      });

      test("tool_post: the result's output and success reach the handler", () => {
        const box = sandbox();
        const config = writeConfig(
          box,
          `{ id: "guard", hooks: { PostToolUse: { handler: (e) => ({ additionalContext: e.toolOutput + " / " + e.isError }) } } }`,
        );
        const proc = Bun.spawnSync([BIN, "hook", "mux", "PostToolUse", "--config", config], {
          env: { ...box.env, ...(payload("PostToolUse", box) as Record<string, string>) },
        });
        expect(proc.stdout.toString()).toBe("nothing to commit, working tree clean / false\n");
      });

      test(
        "a handler slower than Mux's 10 s limit is cut at 9 s and the tool runs (fail-open), whatever the connector's timeout",
        () => {
          const box = sandbox();
          const config = writeConfig(
            box,
            `{ id: "guard", timeout: 60, hooks: { PreToolUse: { handler: () => new Promise((done) => setTimeout(done, 60_000)) } } }`,
          );
          const started = performance.now();
          const proc = Bun.spawnSync([BIN, "hook", "mux", "PreToolUse", "--config", config], { env: { ...box.env, XUM_TOOL: "bash", XUM_TOOL_INPUT: "{}" } });
          const took = performance.now() - started;
          expect(proc.exitCode).toBe(0);
          expect(took).toBeLessThan(generous(9800));
          expect(took).toBeGreaterThan(8500);
        },
        generous(15_000),
      );
    });
  },
};
