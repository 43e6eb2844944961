import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { parse } from "yaml";
import { fixturePayload, type Sandbox } from "../support/harness.ts";
import { hookCommand, installSetup } from "../support/install.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";

// Hermes Agent, written from its hooks docs and shell_hooks.py (test/fixtures/hermes/README.md).
const configPath = (box: Sandbox) => join(box.home, ".hermes", "config.yaml");
const command = (event: string) => hookCommand("hermes", event);
const SOURCE = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "terminal", handler: () => ({ decision: "deny", reason: "no shell" }) },
    UserPromptSubmit: { handler: () => ({ additionalContext: "House rules" }) },
    Stop: { handler: () => undefined },
  },
}`;
const FRESH = `hooks:
  pre_llm_call:
    - command: ${command("UserPromptSubmit")}
      timeout: 30
  pre_tool_call:
    - command: ${command("PreToolUse")}
      matcher: ^(?:terminal)$
      timeout: 30
  on_session_end:
    - command: ${command("Stop")}
      timeout: 30
`;
/** A config.yaml as a Hermes user keeps it: comments, 4-space indents, a hook of their own, webhooks. */
const USER_YAML = `# Hermes settings
model:
    default: hermes-4 # the fast one
hooks:
    pre_tool_call:
        - command: ~/.hermes/agent-hooks/guard.py
          matcher: "^(write_file|patch)$"
          timeout: 10
    outbound:
        - url: https://hooks.example/hermes
hooks_auto_accept: false
`;
const MERGED = `# Hermes settings
model:
    default: hermes-4 # the fast one
hooks:
    pre_tool_call:
        - command: ~/.hermes/agent-hooks/guard.py
          matcher: "^(write_file|patch)$"
          timeout: 10
        - command: ${command("PreToolUse")}
          matcher: ^(?:terminal)$
          timeout: 30
    outbound:
        - url: https://hooks.example/hermes
    pre_llm_call:
        - command: ${command("UserPromptSubmit")}
          timeout: 30
    on_session_end:
        - command: ${command("Stop")}
          timeout: 30
hooks_auto_accept: false
`;

export const hermes: HostRecord = {
  id: "hermes",
  mcp: { kind: "own-test", file: "test/hosts-data/hermes.ts" },
  fixtures: fromDocsEach(["SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SubagentStart", "SubagentStop"]),
  // pre_tool_call: block, approve (Hermes' own approval prompt) and a shallow-merged args patch;
  // pre_llm_call: context. Every other event is an observer: no output.
  replies: {
    SessionStart: {},
    SessionEnd: {},
    UserPromptSubmit: { deny: { context: "R" }, context: { context: "C" } },
    PreToolUse: {
      deny: { decision: "block", reason: "R" },
      ask: { action: "approve", message: "R" },
      modify: { action: "modify", args: { timeout: null, command: "echo safe" } },
    },
    PostToolUse: {},
    Stop: {},
    SubagentStart: {},
    SubagentStop: {},
  },
  seen: {
    "PreToolUse: Claude's top-level names, the rest in `extra`": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "git push --force" },
        equals: (box) => ({
          hostPlatform: "hermes",
          connectorId: "test",
          sessionId: "20261201_101500_ab12",
          projectDir: box.project,
          toolName: "terminal",
          toolInput: { command: "git push --force", timeout: 180 },
        }),
      },
    ],
    "the other events' fields, from `extra`": [
      { event: "UserPromptSubmit", matches: { prompt: "Push my branch" } },
      { event: "PostToolUse", check: (seen) => expect([seen.toolOutput, seen.isError]).toEqual(["nothing to commit, working tree clean", undefined]) },
      { event: "PostToolUse", raw: (p) => ({ ...p("PostToolUse"), extra: { ...p("PostToolUse").extra, error_type: "timeout" } }), matches: { isError: true } },
      { event: "SessionEnd", matches: { reason: "exit" } },
      { event: "SubagentStop", matches: { agentId: "sa_1", lastAssistantMessage: "Found scripts/push.sh." } },
    ],
  },
  matchers: {
    config: { PreToolUse: "terminal" },
    cases: {
      "matcher: the whole tool name (Hermes searches with Python's re)": [
        { event: "PreToolUse", reply: { decision: "block", reason: "R" } },
        { event: "PreToolUse", raw: (p) => ({ ...p("PreToolUse"), tool_name: "terminal_2" }), reply: null },
      ],
    },
  },
  missing: { events: ["PostToolUseFailure", "PermissionRequest", "PreCompact", "Notification"] },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: configPath,
    override: { name: "HERMES_HOME", file: (dir) => join(dir, "config.yaml") },
    parse,
    fresh: () => FRESH,
    freshStderr: () => [
      "Hermes Agent runs a new hook command only after you approve it: start `hermes` once in a terminal and accept each agent-connector hook it asks about.",
      "or start Hermes with --accept-hooks (or HERMES_ACCEPT_HOOKS=1)",
    ],
    command: (written) => written.hooks.pre_tool_call[0].command,
    deny: { decision: "block", reason: "no shell" },
    hooks: 3,
    existing: { text: USER_YAML, merged: () => MERGED },
    refused: [
      { text: "hooks: [\n", error: (box) => `${configPath(box)}: cannot be parsed as YAML (line 2)` },
      { text: "hooks: {}\nhooks: {}\n", error: (box) => `${configPath(box)}: holds a key twice (line 2)` },
      {
        text: "hooks:\n  pre_tool_call: ./guard.sh\n",
        error: (box) => `${configPath(box)}: hooks.pre_tool_call must be a list of hook entries; nothing was written`,
      },
      { text: "- a list\n", error: (box) => `${configPath(box)}: is not a YAML mapping; nothing was written` },
    ],
    dryRun: ["+    on_session_end:", `+        - command: ${command("Stop")}`],
    uninstallDryRun: () => `-        - command: ${command("Stop")}`,
  },
  extra: () => {
    describe("hermes: config.yaml as the user keeps it", () => {
      test("uninstall after the user edited the file: only our entries go, their edit and comments stay", () => {
        const { box, install, uninstall } = installSetup("hermes", SOURCE);
        box.write(configPath(box), USER_YAML);
        install();
        box.write(configPath(box), box.read(configPath(box)).replace("timeout: 10", "timeout: 20"));
        expect(uninstall().exitCode).toBe(0);
        expect(box.read(configPath(box))).toBe(USER_YAML.replace("timeout: 10", "timeout: 20"));
      });

      test("MCP servers go under mcp_servers in the same file, beside the hooks; uninstall gives the bytes back", () => {
        const MCP = `{ id: "guard", hooks: { Stop: { handler: () => undefined } }, mcpServers: { tools: { command: "node", args: ["/opt/s.js"] }, docs: { url: "https://d.example/mcp" } } }`;
        const { box, install, uninstall } = installSetup("hermes", MCP);
        box.write(configPath(box), USER_YAML);
        expect(install().exitCode).toBe(0);
        expect(parse(box.read(configPath(box))).mcp_servers).toEqual({
          tools: { command: "node", args: ["/opt/s.js"] },
          docs: { url: "https://d.example/mcp" },
        });
        expect(box.read(configPath(box))).toContain("# Hermes settings\n");
        expect(uninstall().exitCode).toBe(0);
        expect(box.read(configPath(box))).toBe(USER_YAML);
      });
    });

    describe("hermes: config.yaml in the user's own YAML style", () => {
      // 4-space indents with each list at its key's depth, and a closing comment right after the last line.
      const UNINDENTED = `# Hermes settings
model:
    default: hermes-4
hooks:
    pre_tool_call:
    - command: ~/.hermes/agent-hooks/guard.py
      timeout: 10
toolsets:
- web
- terminal
# end of my settings
`;
      test("lists at their key's depth stay there, ours too; uninstall gives the bytes back", () => {
        const { box, install, uninstall } = installSetup("hermes", SOURCE);
        box.write(configPath(box), UNINDENTED);
        expect(install().exitCode).toBe(0);
        const written = box.read(configPath(box));
        expect(written).toContain(
          `    pre_tool_call:\n    - command: ~/.hermes/agent-hooks/guard.py\n      timeout: 10\n    - command: ${command("PreToolUse")}\n`,
        );
        expect(written).toContain("toolsets:\n- web\n- terminal\n");
        expect(written.endsWith("\n- terminal\n# end of my settings\n")).toBe(true);
        // The user edits the file after install, so uninstall edits it (no backup is given back).
        box.write(configPath(box), written.replace("hermes-4", "hermes-5"));
        expect(uninstall().exitCode).toBe(0);
        expect(box.read(configPath(box))).toBe(UNINDENTED.replace("hermes-4", "hermes-5"));
      });

      test("a file holding only a comment, edited after install, gets that comment back", () => {
        const { box, install, uninstall } = installSetup("hermes", SOURCE);
        box.write(configPath(box), "# nothing set yet\n");
        expect(install().exitCode).toBe(0);
        expect(parse(box.read(configPath(box))).hooks.on_session_end[0].command).toBe(command("Stop"));
        // The user edits the file after install, so uninstall edits it (no backup is given back).
        box.write(configPath(box), box.read(configPath(box)).replace("# nothing set yet", "# nothing set yet, really"));
        expect(uninstall().exitCode).toBe(0);
        expect(box.read(configPath(box))).toBe("# nothing set yet, really\n");
      });
    });

    describe("hermes: native passthrough", () => {
      const NATIVE = `{ id: "guard", hooks: {}, platforms: { hermes: { nativeHooks: { pre_verify: { handler: (raw) => ({ action: "continue", message: "run the tests: " + raw.extra.changed_paths.join(",") }) } } } } }`;
      test("a host-only event is written under its own name and answers verbatim", () => {
        const { box, install } = installSetup("hermes", NATIVE);
        expect(install().exitCode).toBe(0);
        const written = parse(box.read(configPath(box)));
        expect(Object.keys(written.hooks)).toEqual(["pre_verify"]);
        const raw = fixturePayload("hermes", "pre_verify", box);
        const proc = Bun.spawnSync(["sh", "-c", written.hooks.pre_verify[0].command], { env: box.env, stdin: Buffer.from(JSON.stringify(raw)) });
        expect(proc.stdout.toString()).toBe('{"action":"continue","message":"run the tests: src/app.py"}\n');
      });
    });
  },
};
