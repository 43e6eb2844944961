import { join } from "node:path";
import { piModuleSuite } from "../support/pi-host.ts";
import { pi } from "./pi.ts";
import { captured, fromDocs, type HostRecord } from "./record.ts";
import { CLAUDE } from "./mcp.ts";

// Oh My Pi's own extension calls (real run of 18.2.3, test/fixtures/omp/): Pi's contract, plus
// session_stop for Stop (it can keep the run going) and a system prompt made of sections.
const SID = "01a23050-7a7e-74cf-ac3e-9701f19bd025";
const base = { hostPlatform: "omp", connectorId: "test", sessionId: SID };
const COMMAND = { command: "echo hi | tee tool-ran.marker", description: "Run the e2e command" };

export const omp: HostRecord = {
  id: "omp",
  mcp: { kind: "user-file", file: ".omp/agent/mcp.json", root: "mcpServers", rec: CLAUDE.rec, api: CLAUDE.api },
  fixtures: {
    SessionStart: captured("session_start"),
    UserPromptSubmit: captured("before_agent_start"),
    PreToolUse: captured("tool_call"),
    PostToolUse: captured("tool_result"),
    Stop: captured("session_stop"),
    SessionEnd: captured("session_shutdown"),
    PostToolUseFailure: fromDocs("tool_result.error"),
    PreCompact: fromDocs("session_before_compact"),
    PostCompact: fromDocs("session_compact"),
  },
  // Pi's, but a Stop deny is a reply: the module answers session_stop with one more turn.
  replies: { ...pi.replies, Stop: { deny: { deny: "R" } } },
  seen: {
    "PreToolUse and PostToolUse: tool, arguments, output and session": [
      {
        event: "PreToolUse",
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: (box) => ({
          ...base,
          projectDir: box.project,
          transcriptPath: `${box.home}/.omp/agent/sessions/--fake-home-project--/2026-12-01T06-35-10-334Z_01a23050-7a7e-74cf-ac3e-9701f19bd025.jsonl`,
          model: "mock-model",
          toolName: "bash",
          toolInput: COMMAND,
          toolUseId: "call_mock_mx4boa9r2",
        }),
      },
      { event: "PostToolUse", matches: { ...base, toolName: "bash", toolInput: COMMAND, toolOutput: "hi\n\n\nWall time: 0.07 seconds", isError: false } },
    ],
    "PostToolUseFailure: the error text of a failed call": [
      { event: "PostToolUseFailure", matches: { ...base, toolName: "bash", error: "(no output)\n\nWall time: 0.01 seconds\n\nCommand exited with code 1" } },
    ],
    "UserPromptSubmit: the prompt; Stop: whether it follows a continuation; SessionStart and SessionEnd: the session": [
      { event: "UserPromptSubmit", matches: { ...base, prompt: "Run `echo hi` with the shell tool, then say done." } },
      { event: "Stop", matches: { ...base, stopHookActive: true } },
      { event: "SessionStart", matches: { ...base } },
      { event: "SessionEnd", matches: { ...base } },
    ],
  },
  missing: pi.missing,
  install: {
    kind: "plugin",
    name: "Oh My Pi",
    folders: {
      user: (home) => join(home, ".omp", "agent", "extensions"),
      relocated: { env: "PI_CODING_AGENT_DIR", folder: (dir) => join(dir, "extensions") },
      project: (project) => join(project, ".omp", "extensions"),
    },
  },
  extra: (payload) => piModuleSuite("omp", payload),
};
