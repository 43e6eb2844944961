import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { everyDecision, respond, seenEvent, type Expected } from "./support/decisions.ts";
import { hookCommand, installSetup } from "./support/install.ts";

/** Cursor: replies, normalization, matchers, install/uninstall of ~/.cursor/hooks.json. */

const NATIVE: Record<string, string> = {
  SessionStart: "sessionStart",
  SessionEnd: "sessionEnd",
  UserPromptSubmit: "beforeSubmitPrompt",
  PreToolUse: "preToolUse",
  PostToolUse: "postToolUse",
  PreCompact: "preCompact",
  Stop: "stop",
  PostToolUseFailure: "postToolUseFailure",
  SubagentStart: "subagentStart",
  SubagentStop: "subagentStop",
};
// Fixtures written from https://cursor.com/docs/hooks (no capture of a real Cursor run exists).
const payload = (event: string, box?: Sandbox) => fixturePayload("cursor", NATIVE[event]!, box);

const EXPECTED: Expected = {
  SessionStart: { deny: { additional_context: "R" }, context: { additional_context: "C" } },
  SessionEnd: {},
  UserPromptSubmit: { deny: { continue: false, user_message: "R" } },
  PreToolUse: {
    allow: { permission: "allow" },
    deny: { permission: "deny", user_message: "R", agent_message: "R" },
    modify: { permission: "allow", updated_input: { command: "echo safe" } },
  },
  PostToolUse: {
    deny: { additional_context: "R" },
    context: { additional_context: "C" },
    updatedOutput: { additional_context: "The tool output was replaced by a hook:\nO" },
  },
  PreCompact: {},
  Stop: { deny: { followup_message: "R" } },
  PostToolUseFailure: {},
  SubagentStart: { deny: { permission: "deny", user_message: "R" } },
  SubagentStop: { deny: { followup_message: "R" } },
};

everyDecision("cursor: every decision on every event", "cursor", EXPECTED, payload);

describe("cursor: runtime", () => {
  let box: Sandbox;
  let config: string;
  beforeAll(() => {
    box = sandbox();
    config = writeScriptedConfig(box, { matchers: { PreToolUse: "Shell|Read", SubagentStop: "exp.*" } });
  });
  const deny = { decision: "deny", reason: "R" };

  test("PreToolUse: conversation_id is the session, workspace_roots[0] the project", () => {
    expect(seenEvent(box, config, "cursor", "PreToolUse", payload("PreToolUse", box))).toEqual({
      hostPlatform: "cursor",
      connectorId: "test",
      sessionId: "c-41f0",
      projectDir: box.project,
      toolName: "Shell",
      toolInput: { command: "git push --force", working_directory: box.project },
    });
  });

  test("CURSOR_PROJECT_DIR wins over the payload", () => {
    expect(seenEvent(box, config, "cursor", "Stop", payload("Stop", box), { CURSOR_PROJECT_DIR: "/the/project" }).projectDir).toBe("/the/project");
  });

  test("the other events' fields", () => {
    expect(seenEvent(box, config, "cursor", "SessionStart", payload("SessionStart", box)).source).toBe("startup");
    expect(seenEvent(box, config, "cursor", "SessionEnd", payload("SessionEnd", box)).reason).toBe("completed");
    expect(seenEvent(box, config, "cursor", "UserPromptSubmit", payload("UserPromptSubmit", box)).prompt).toBe("Push my branch");
    expect(seenEvent(box, config, "cursor", "PostToolUse", payload("PostToolUse", box)).toolOutput).toBe('{"exitCode":0,"stdout":"Everything up-to-date\\n"}');
    expect(seenEvent(box, config, "cursor", "PostToolUseFailure", payload("PostToolUseFailure", box))).toMatchObject({ error: "remote rejected", durationMs: 430, isInterrupt: false, toolUseId: "tu-1" });
    expect(seenEvent(box, config, "cursor", "PreCompact", payload("PreCompact", box)).trigger).toBe("auto");
    expect(seenEvent(box, config, "cursor", "SubagentStart", payload("SubagentStart", box))).toMatchObject({ agentId: "sa-9", agentType: "explore" });
    expect(seenEvent(box, config, "cursor", "SubagentStop", payload("SubagentStop", box))).toMatchObject({ agentType: "explore", lastAssistantMessage: "Found scripts/push.sh.", agentTranscriptPath: `${box.home}/.cursor/transcripts/sa-9.jsonl` });
  });

  test("matcher: a listed tool type matches, another does not", () => {
    expect(respond(box, config, "cursor", "PreToolUse", payload("PreToolUse", box), deny).stdout).toBe(`${JSON.stringify(EXPECTED.PreToolUse!.deny)}\n`);
    expect(respond(box, config, "cursor", "PreToolUse", { ...payload("PreToolUse", box), tool_name: "Write" }, deny).stdout).toBe("");
  });

  test("matcher: subagent events match the subagent type", () => {
    expect(respond(box, config, "cursor", "SubagentStop", payload("SubagentStop", box), deny).stdout).toBe(`${JSON.stringify({ followup_message: "R" })}\n`);
    expect(respond(box, config, "cursor", "SubagentStop", { ...payload("SubagentStop", box), subagent_type: "shell" }, deny).stdout).toBe("");
  });

  test("an event Cursor does not have fails open", () => {
    const result = respond(box, config, "cursor", "Notification", { conversation_id: "c" }, deny);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("agent-connector: cursor Notification: Cursor has no Notification event; allowed (fail-open)");
  });
});

const CONFIG = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "Shell", handler: () => ({ decision: "deny", reason: "no shell" }) },
    PostToolUse: { matcher: "MCP:.*", handler: () => undefined },
    Stop: { handler: () => undefined },
    Notification: { handler: () => undefined },
  },
}`;
const hooksPath = (box: Sandbox) => join(box.home, ".cursor", "hooks.json");
const command = (event: string) => hookCommand("cursor", event);
const setup = (existing?: string) => {
  const s = installSetup("cursor", CONFIG);
  if (existing !== undefined) s.box.write(hooksPath(s.box), existing);
  return s;
};

const USER_HOOKS = `{
  "version": 1,
  "hooks": {
    "preToolUse": [
      { "command": "./audit.sh", "matcher": "Shell|Write" }
    ],
    "afterFileEdit": [{ "command": "./format.sh", "timeout": 10 }]
  }
}
`;

describe("cursor: install", () => {
  test("fresh file: version 1 and flat entries; a plain-list matcher is native, a regex is matched at run time", () => {
    const { box, install } = setup();
    const result = install();
    expect(result.exitCode).toBe(0);
    expect(box.read(hooksPath(box))).toBe(`${JSON.stringify(
      {
        version: 1,
        hooks: {
          preToolUse: [{ command: command("PreToolUse"), matcher: "Shell", timeout: 30 }],
          postToolUse: [{ command: command("PostToolUse"), timeout: 30 }],
          stop: [{ command: command("Stop"), timeout: 30 }],
        },
      },
      null,
      2,
    )}\n`);
    expect(result.stderr).toContain("Cursor has no Notification event: this handler never runs there.");
    expect(result.stderr).toContain("Cursor PreToolUse: ask → no opinion (the host's own permission flow)");
  });

  test("the installed command answers as Cursor would run it", () => {
    const { box, install } = setup();
    install();
    const entry = JSON.parse(box.read(hooksPath(box))).hooks.preToolUse[0];
    const proc = Bun.spawnSync(["sh", "-c", entry.command], { env: box.env, stdin: Buffer.from(JSON.stringify(payload("PreToolUse", box))) });
    expect(proc.stdout.toString()).toBe(`${JSON.stringify({ permission: "deny", user_message: "no shell", agent_message: "no shell" })}\n`);
  });

  test("project scope writes <project>/.cursor/hooks.json", () => {
    const { box, install } = setup();
    expect(install("--scope", "project", "--project-dir", box.project).exitCode).toBe(0);
    expect(box.exists(join(box.project, ".cursor", "hooks.json"))).toBe(true);
    expect(box.exists(hooksPath(box))).toBe(false);
  });

  test("existing hooks, keys and order are kept; ours are appended", () => {
    const { box, install } = setup(USER_HOOKS);
    expect(install().exitCode).toBe(0);
    expect(box.read(hooksPath(box))).toBe(`{
  "version": 1,
  "hooks": {
    "preToolUse": [
      { "command": "./audit.sh", "matcher": "Shell|Write" },
      {
        "command": "${command("PreToolUse")}",
        "matcher": "Shell",
        "timeout": 30
      }
    ],
    "afterFileEdit": [{ "command": "./format.sh", "timeout": 10 }],
    "postToolUse": [
      {
        "command": "${command("PostToolUse")}",
        "timeout": 30
      }
    ],
    "stop": [
      {
        "command": "${command("Stop")}",
        "timeout": 30
      }
    ]
  }
}
`);
  });

  test("comments survive (JSONC)", () => {
    const { box, install } = setup(`// team hooks\n${USER_HOOKS.replace('"./audit.sh",', '"./audit.sh", /* audit */')}`);
    expect(install().exitCode).toBe(0);
    const text = box.read(hooksPath(box));
    expect(text).toStartWith("// team hooks\n{");
    expect(text).toContain('{ "command": "./audit.sh", /* audit */ "matcher": "Shell|Write" },');
  });

  test("a file without version gets one; the user's keys stay first", () => {
    const { box, install } = setup(`{\n  "hooks": {}\n}\n`);
    install();
    expect(Object.keys(JSON.parse(box.read(hooksPath(box))))).toEqual(["hooks", "version"]);
  });

  test("reinstall: one entry per event, same bytes", () => {
    const { box, install } = setup(USER_HOOKS);
    install();
    const once = box.read(hooksPath(box));
    const again = install();
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain("already up to date");
    expect(box.read(hooksPath(box))).toBe(once);
    expect(once.split("--connector guard").length - 1).toBe(3);
  });

  test("a malformed file is never overwritten: exit 4", () => {
    const broken = `{ "version": 1, "hooks": { "preToolUse": [ }`;
    const { box, install } = setup(broken);
    const result = install();
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`${hooksPath(box)}: cannot be parsed`);
    expect(box.read(hooksPath(box))).toBe(broken);
  });

  test("an event that is not an array of entries is never overwritten: exit 4", () => {
    const odd = `{ "version": 1, "hooks": { "stop": { "command": "x" } } }\n`;
    const { box, install } = setup(odd);
    const result = install();
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`${hooksPath(box)}: hooks.stop must be an array of hook entries; nothing was written`);
    expect(box.read(hooksPath(box))).toBe(odd);
  });

  test("--dry-run prints the diff and writes nothing", () => {
    const { box, install } = setup(USER_HOOKS);
    const result = install("--dry-run");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`+++ ${hooksPath(box)}`);
    expect(result.stdout).toContain(`+    "stop": [`);
    expect(box.read(hooksPath(box))).toBe(USER_HOOKS);
    expect(box.exists(join(box.home, ".agent-connector", "registry.json"))).toBe(false);
  });
});

describe("cursor: uninstall", () => {
  test("round trip on an existing file gives back the exact bytes", () => {
    const { box, install, uninstall } = setup(USER_HOOKS);
    install();
    const result = uninstall();
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("removed 3 hooks");
    expect(box.read(hooksPath(box))).toBe(USER_HOOKS);
  });

  test("round trip on no file removes the file we created", () => {
    const { box, install, uninstall } = setup();
    install();
    uninstall();
    expect(box.exists(hooksPath(box))).toBe(false);
  });

  test("after the user edited the file, only our entries go", () => {
    const { box, install, uninstall } = setup(USER_HOOKS);
    install();
    box.write(hooksPath(box), box.read(hooksPath(box)).replace('"./format.sh"', '"./format.sh --all"'));
    uninstall();
    expect(JSON.parse(box.read(hooksPath(box)))).toEqual({
      version: 1,
      hooks: { preToolUse: [{ command: "./audit.sh", matcher: "Shell|Write" }], afterFileEdit: [{ command: "./format.sh --all", timeout: 10 }] },
    });
  });

  test("--dry-run writes nothing", () => {
    const { box, install, uninstall } = setup(USER_HOOKS);
    install();
    const installed = box.read(hooksPath(box));
    const result = uninstall("--dry-run");
    expect(result.stdout).toContain(`-        "command": "${command("Stop")}",`);
    expect(box.read(hooksPath(box))).toBe(installed);
  });
});
