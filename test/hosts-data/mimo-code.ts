import { join } from "node:path";
import { captured, type HostRecord } from "./record.ts";
import { OPENCODE } from "./mcp.ts";

// No capture of a real MiMo run exists; its plugin arguments are OpenCode's (test/mimo-code.test.ts),
// so OpenCode's captured tool call stands for its PreToolUse (its shell tool is `bash` there too).
export const mimoCode: HostRecord = {
  id: "mimo-code",
  mcp: { kind: "user-file", file: ".config/mimocode/mimocode.json", root: "mcp", rec: OPENCODE.rec, api: OPENCODE.api },
  fixturesOf: "opencode",
  fixtures: { PreToolUse: captured("tool.execute.before") },
  install: {
    kind: "plugin",
    name: "MiMo Code",
    folders: {
      user: (home) => join(home, ".config", "mimocode", "plugin"),
      relocated: { env: "XDG_CONFIG_HOME", folder: (xdg) => join(xdg, "mimocode", "plugin") },
      project: (project) => join(project, ".mimocode", "plugin"),
    },
  },
};
