import { join } from "node:path";
import { piModuleSuite } from "../support/pi-host.ts";
import { pi } from "./pi.ts";
import type { HostRecord } from "./record.ts";

// Oh My Pi passes Pi's event objects (its docs; no real run): Pi's captured calls stand for its own.

export const omp: HostRecord = {
  id: "omp",
  fixtures: pi.fixtures,
  fixturesOf: "pi",
  replies: pi.replies,
  seen: {
    "PreToolUse: tool, arguments and session, from Pi's objects": [
      {
        event: "PreToolUse",
        matches: { hostPlatform: "omp", sessionId: "01a229fe-3352-736d-99c8-989f5deca85b", toolName: "bash", toolInput: { command: "echo hi | tee tool-ran.marker" } },
      },
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
