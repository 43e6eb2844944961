import { join } from "node:path";
import { captured, type HostRecord } from "./record.ts";
import { OPENCODE } from "./mcp.ts";

// OpenCode's plugin contract; test/kilo-cli.test.ts drives the module with Kilo's own arguments.
const base = { hostPlatform: "kilo-cli", connectorId: "test", sessionId: "ses_dd60c2b45ffe7g7ROQoIF7Kv7U" };

export const kiloCli: HostRecord = {
  id: "kilo-cli",
  mcp: { kind: "user-file", file: ".config/kilo/kilo.json", root: "mcp", rec: OPENCODE.rec, api: OPENCODE.api },
  fixtures: {
    SessionStart: captured("event.session.created"),
    UserPromptSubmit: captured("chat.message"),
    PreToolUse: captured("tool.execute.before"),
    PostToolUse: captured("tool.execute.after"),
    Stop: captured("event.session.idle"),
  },
  seen: {
    "the normalized events a handler gets from Kilo's payloads": [
      { event: "UserPromptSubmit", equals: { ...base, prompt: '"Run echo hi using the bash tool."' } },
      {
        event: "PostToolUse",
        tool: { kind: "shell", command: "echo hi | tee tool-ran.marker" },
        equals: {
          ...base,
          toolName: "bash",
          toolInput: { command: "echo hi | tee tool-ran.marker", description: "Print hi" },
          toolOutput: "hi\n",
          toolUseId: "call_mock_1",
        },
      },
      { event: "Stop", equals: base },
    ],
  },
  install: {
    kind: "plugin",
    name: "Kilo CLI",
    folders: {
      user: (home) => join(home, ".config", "kilo", "plugin"),
      relocated: { env: "XDG_CONFIG_HOME", folder: (xdg) => join(xdg, "kilo", "plugin") },
      project: (project) => join(project, ".kilo", "plugin"),
    },
  },
};
