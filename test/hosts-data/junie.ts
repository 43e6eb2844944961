import { join } from "node:path";
import type { Sandbox } from "../support/harness.ts";
import { hookCommand } from "../support/install.ts";
import { EVENT_NAMES } from "../../src/events.ts";
import { fromDocsEach, type HostRecord } from "./record.ts";
import { PLAIN } from "./mcp.ts";

// No real run (JetBrains sign-in): the one documented payload, from junie.jetbrains.com.
const configPath = (box: Sandbox) => join(box.home, ".junie", "config.json");
const SOURCE = `{
  id: "guard",
  hooks: {
    SessionStart: { handler: () => ({ decision: "context", additionalContext: "House rules." }) },
    PreToolUse: { handler: () => ({ decision: "deny", reason: "no shell" }) },
  },
}`;
const USER_CONFIG = `{
  // my Junie settings
  "model": "default",
  "hooks": {
    "SessionStart": [{ "matcher": "startup", "hooks": [{ "type": "command", "command": "./warm-cache.sh", "timeout": 5 }] }]
  }
}
`;

export const junie: HostRecord = {
  id: "junie",
  mcp: { kind: "user-file", file: ".junie/mcp/mcp.json", root: "mcpServers", rec: PLAIN.rec, api: PLAIN.api },
  fixtures: fromDocsEach(["SessionStart"]),
  // Nothing a hook prints or returns reaches Junie.
  replies: { SessionStart: {} },
  seen: {
    "SessionStart: the Gemini/Codex snake_case shape": [
      {
        event: "SessionStart",
        equals: (box) => ({ hostPlatform: "junie", connectorId: "test", sessionId: "jn-52e0", projectDir: box.project, source: "startup" }),
      },
    ],
  },
  missing: { events: EVENT_NAMES.filter((event) => event !== "SessionStart"), raw: { session_id: "jn-52e0", hook_event_name: "SessionStart" } },
  install: {
    kind: "hook-file",
    source: SOURCE,
    file: configPath,
    fresh: () =>
      `${JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: "command", command: hookCommand("junie", "SessionStart"), timeout: 30 }] }] } }, null, 2)}\n`,
    freshStderr: () => ["Junie runs only a SessionStart hook, for side effects", "Junie has no PreToolUse event: this handler never runs there."],
    commandEvent: "SessionStart",
    command: (written) => written.hooks.SessionStart[0].hooks[0].command,
    deny: undefined, // Junie reads nothing back: no output, exit 0
    hooks: 1,
    existing: { text: USER_CONFIG },
    refused: [{ text: `{ "hooks": { "SessionStart": [ }`, error: (box) => `${configPath(box)}: cannot be parsed` }],
    dryRun: [`+    "SessionStart": [`],
    uninstallDryRun: () =>
      `-    "SessionStart": [{ "matcher": "startup", "hooks": [{ "type": "command", "command": "./warm-cache.sh", "timeout": 5 }] }, {"hooks":[{"type":"command","command":"${hookCommand("junie", "SessionStart")}","timeout":30}]}]`,
  },
};
