import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { fixturePayload, sandbox, writeScriptedConfig, type Sandbox } from "./support/harness.ts";
import { block, everyDecision, respond, seenEvent, type Expected } from "./support/decisions.ts";
import { hookCommand, installSetup } from "./support/install.ts";

/** GitHub Copilot CLI (camelCase keys): replies, normalization, matchers, our own hook file. */

const NATIVE: Record<string, string> = {
  SessionStart: "sessionStart",
  SessionEnd: "sessionEnd",
  UserPromptSubmit: "userPromptSubmitted",
  PreToolUse: "preToolUse",
  PostToolUse: "postToolUse",
  PreCompact: "preCompact",
  Stop: "agentStop",
  Notification: "notification",
  PermissionRequest: "permissionRequest",
  PostToolUseFailure: "postToolUseFailure",
  SubagentStart: "subagentStart",
  SubagentStop: "subagentStop",
};
// Captured from @github/copilot 1.0.102 ; the events that run did not fire are
// written from the cli-hooks-reference (test/fixtures/copilot-cli/README.md says which).
const CAPTURED = ["sessionStart", "sessionEnd", "userPromptSubmitted", "preToolUse", "postToolUse", "agentStop", "permissionRequest"];
const payload = (event: string, box?: Sandbox) => {
  const name = NATIVE[event]!;
  return CAPTURED.includes(name) ? fixturePayload("copilot-cli", name, box) : fixturePayload("copilot-cli", name, box);
};

const context = (text: string) => ({ additionalContext: text });
const EXPECTED: Expected = {
  // Context reaches the model although the docs say the output is ignored (1.0.102, test/hosts).
  SessionStart: { deny: context("R"), context: context("C") },
  SessionEnd: {},
  UserPromptSubmit: { deny: context("R"), context: context("C") },
  PreToolUse: {
    allow: { permissionDecision: "allow" },
    deny: { permissionDecision: "deny", permissionDecisionReason: "R" },
    ask: { permissionDecision: "ask", permissionDecisionReason: "R" },
    modify: { permissionDecision: "allow", modifiedArgs: { command: "echo safe" } },
  },
  PostToolUse: {},
  PreCompact: {},
  Stop: { deny: block },
  Notification: { deny: context("R"), context: context("C") },
  PermissionRequest: { allow: { behavior: "allow" }, deny: { behavior: "deny", message: "R" } },
  PostToolUseFailure: { deny: context("R"), context: context("C") },
  SubagentStart: { deny: context("R"), context: context("C") },
  SubagentStop: { deny: block },
};

everyDecision("copilot-cli: every decision on every event", "copilot-cli", EXPECTED, payload);

describe("copilot-cli: runtime", () => {
  let box: Sandbox;
  let config: string;
  beforeAll(() => {
    box = sandbox();
    config = writeScriptedConfig(box, { matchers: { PreToolUse: "bash", SubagentStart: "explore" } });
  });
  const deny = { decision: "deny", reason: "R" };

  test("preToolUse from the real payload", () => {
    expect(seenEvent(box, config, "copilot-cli", "PreToolUse", payload("PreToolUse", box), { COPILOT_PROJECT_DIR: "/the/project" })).toEqual({
      hostPlatform: "copilot-cli",
      connectorId: "test",
      sessionId: "d8ca9712-26b1-4891-9fc7-fac9a46ce884",
      projectDir: "/the/project",
      toolName: "bash",
      toolInput: { command: "echo hi | tee tool-ran.marker", description: "Print hi" },
    });
  });

  test("toolArgs sent as a JSON string (as the docs allow) is parsed", () => {
    const raw = { ...payload("PreToolUse", box), toolArgs: JSON.stringify({ command: "ls" }) };
    expect(seenEvent(box, config, "copilot-cli", "PreToolUse", raw).toolInput).toEqual({ command: "ls" });
  });

  test("postToolUse: textResultForLlm is the output, resultType says whether it failed", () => {
    expect(seenEvent(box, config, "copilot-cli", "PostToolUse", payload("PostToolUse", box))).toMatchObject({
      toolOutput: "hi\n<shellId: 0 completed with exit code 0>",
      isError: false,
      projectDir: box.project,
    });
    const failed = payload("PostToolUse", box);
    failed.toolResult = { resultType: "failure", textResultForLlm: "boom" };
    expect(seenEvent(box, config, "copilot-cli", "PostToolUse", failed)).toMatchObject({ toolOutput: "boom", isError: true });
  });

  test("the other events' fields", () => {
    expect(seenEvent(box, config, "copilot-cli", "SessionStart", payload("SessionStart", box)).source).toBe("startup");
    expect(seenEvent(box, config, "copilot-cli", "SessionEnd", payload("SessionEnd", box)).reason).toBe("complete");
    expect(seenEvent(box, config, "copilot-cli", "UserPromptSubmit", payload("UserPromptSubmit", box)).prompt).toBe("Run echo hi using the bash tool.");
    expect(seenEvent(box, config, "copilot-cli", "Stop", payload("Stop", box)).stopHookActive).toBe(false);
    expect(seenEvent(box, config, "copilot-cli", "PermissionRequest", payload("PermissionRequest", box))).toMatchObject({
      toolName: "bash",
      toolInput: { command: "echo hi | tee tool-ran.marker" },
      permissionSuggestions: [],
    });
    expect(seenEvent(box, config, "copilot-cli", "PreCompact", payload("PreCompact", box)).trigger).toBe("manual");
    expect(seenEvent(box, config, "copilot-cli", "Notification", payload("Notification", box)).message).toBe("Copilot needs your approval");
    expect(seenEvent(box, config, "copilot-cli", "PostToolUseFailure", payload("PostToolUseFailure", box))).toMatchObject({ toolName: "bash", error: "Command failed with exit code 3" });
    expect(seenEvent(box, config, "copilot-cli", "SubagentStart", payload("SubagentStart", box)).agentType).toBe("explore");
  });

  test("matcher at run time: Copilot's own tool names", () => {
    expect(respond(box, config, "copilot-cli", "PreToolUse", payload("PreToolUse", box), deny).stdout).toBe(`${JSON.stringify(EXPECTED.PreToolUse!.deny)}\n`);
    expect(respond(box, config, "copilot-cli", "PreToolUse", { ...payload("PreToolUse", box), toolName: "view" }, deny).stdout).toBe("");
    expect(respond(box, config, "copilot-cli", "PreToolUse", { ...payload("PreToolUse", box), toolName: "Bash" }, deny).stdout).toBe("");
  });

  test("matcher on subagent events: the agent name", () => {
    const start = { decision: "context", additionalContext: "C" };
    expect(respond(box, config, "copilot-cli", "SubagentStart", payload("SubagentStart", box), start).stdout).toBe(`${JSON.stringify(context("C"))}\n`);
    expect(respond(box, config, "copilot-cli", "SubagentStart", { ...payload("SubagentStart", box), agentName: "task" }, start).stdout).toBe("");
  });

  test("a deny whose render fails would still block by exit 2; here the reply renders", () => {
    const result = respond(box, config, "copilot-cli", "PreToolUse", payload("PreToolUse", box), { decision: "deny" });
    expect(result.stdout).toBe(`${JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: "Blocked by the test hook" })}\n`);
  });
});

const CONFIG = `{
  id: "guard",
  hooks: {
    PreToolUse: { matcher: "bash", handler: () => ({ decision: "deny", reason: "no shell" }) },
    Stop: { handler: () => undefined },
    PermissionRequest: { matcher: "bash|edit", handler: () => undefined },
    PostCompact: { handler: () => undefined },
  },
}`;
const hooksDir = (box: Sandbox) => join(box.home, ".copilot", "hooks");
const ourFile = (box: Sandbox) => join(hooksDir(box), "agent-connector-guard.json");
const command = (event: string) => hookCommand("copilot-cli", event);
const entry = (event: string, matcher?: string) => ({ type: "command", bash: command(event), ...(matcher ? { matcher } : {}), timeoutSec: 30 });
const OUR_FILE = `${JSON.stringify(
  {
    version: 1,
    hooks: {
      preToolUse: [entry("PreToolUse")],
      agentStop: [entry("Stop")],
      permissionRequest: [entry("PermissionRequest", "bash|edit")],
    },
  },
  null,
  2,
)}\n`;
const USER_FILE = `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"./audit.sh","timeoutSec":5}]}}\n`;

describe("copilot-cli: install", () => {
  test("writes our own file in ~/.copilot/hooks: camelCase keys, flat bash/timeoutSec entries, native matcher only where documented", () => {
    const { box, install } = installSetup("copilot-cli", CONFIG);
    const result = install();
    expect(result.exitCode).toBe(0);
    expect(box.read(ourFile(box))).toBe(OUR_FILE);
    expect(result.stderr).toContain("GitHub Copilot CLI has no PostCompact event: this handler never runs there.");
    expect(result.stderr).toContain("PreToolUse (run-time matcher), Stop, PermissionRequest");
  });

  test("the installed command answers as Copilot runs it", () => {
    const { box, install } = installSetup("copilot-cli", CONFIG);
    install();
    const bash = JSON.parse(box.read(ourFile(box))).hooks.preToolUse[0].bash;
    const proc = Bun.spawnSync(["sh", "-c", bash], { env: { ...box.env, COPILOT_CLI: "1" }, stdin: Buffer.from(JSON.stringify(payload("PreToolUse", box))) });
    expect(proc.stdout.toString()).toBe(`${JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: "no shell" })}\n`);
  });

  test("COPILOT_HOME moves the hooks directory", () => {
    const { box, config } = installSetup("copilot-cli", CONFIG);
    const home = join(box.root, "copilot-home");
    expect(box.cli(["install", "--config", config, "--platform", "copilot-cli"], { env: { COPILOT_HOME: home } }).exitCode).toBe(0);
    expect(box.read(join(home, "hooks", "agent-connector-guard.json"))).toBe(OUR_FILE);
    expect(box.exists(ourFile(box))).toBe(false);
  });

  test("project scope writes <project>/.github/hooks/agent-connector-guard.json", () => {
    const { box, install } = installSetup("copilot-cli", CONFIG);
    expect(install("--scope", "project", "--project-dir", box.project).exitCode).toBe(0);
    expect(box.read(join(box.project, ".github", "hooks", "agent-connector-guard.json"))).toBe(OUR_FILE);
  });

  test("the user's own hook files are not touched", () => {
    const { box, install, uninstall } = installSetup("copilot-cli", CONFIG);
    box.write(join(hooksDir(box), "audit.json"), USER_FILE);
    install();
    uninstall();
    expect(box.read(join(hooksDir(box), "audit.json"))).toBe(USER_FILE);
  });

  test("reinstall: same bytes", () => {
    const { box, install } = installSetup("copilot-cli", CONFIG);
    install();
    const again = install();
    expect(again.stderr).toContain("already up to date");
    expect(box.read(ourFile(box))).toBe(OUR_FILE);
  });

  test("a malformed file of ours is never overwritten: exit 4", () => {
    const { box, install } = installSetup("copilot-cli", CONFIG);
    box.write(ourFile(box), "{ not json");
    const result = install();
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(`${ourFile(box)}: cannot be parsed`);
    expect(box.read(ourFile(box))).toBe("{ not json");
  });

  test("--dry-run prints the new file and writes nothing", () => {
    const { box, install } = installSetup("copilot-cli", CONFIG);
    const result = install("--dry-run");
    expect(result.stdout).toContain(`+++ ${ourFile(box)}`);
    expect(result.stdout).toContain(`+  "version": 1,`);
    expect(box.exists(hooksDir(box))).toBe(false);
  });
});

describe("copilot-cli: uninstall", () => {
  test("deletes our file", () => {
    const { box, install, uninstall } = installSetup("copilot-cli", CONFIG);
    install();
    const result = uninstall();
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("removed 3 hooks");
    expect(box.exists(ourFile(box))).toBe(false);
  });

  test("deletes our file even without the backup, once no hook is left in it", () => {
    const { box, install, uninstall } = installSetup("copilot-cli", CONFIG);
    install();
    Bun.spawnSync(["rm", "-rf", join(box.home, ".agent-connector", "backups")]);
    uninstall();
    expect(box.exists(ourFile(box))).toBe(false);
  });

  test("keeps an entry the user added to our file", () => {
    const { box, install, uninstall } = installSetup("copilot-cli", CONFIG);
    install();
    const mine = { type: "command", bash: "./mine.sh" };
    const edited = JSON.parse(box.read(ourFile(box)));
    edited.hooks.sessionEnd = [mine];
    box.write(ourFile(box), JSON.stringify(edited, null, 2));
    uninstall();
    expect(JSON.parse(box.read(ourFile(box)))).toEqual({ version: 1, hooks: { sessionEnd: [mine] } });
  });

  test("--dry-run writes nothing", () => {
    const { box, install, uninstall } = installSetup("copilot-cli", CONFIG);
    install();
    const result = uninstall("--dry-run");
    expect(result.stdout).toContain(`-  "version": 1,`);
    expect(box.read(ourFile(box))).toBe(OUR_FILE);
  });
});
