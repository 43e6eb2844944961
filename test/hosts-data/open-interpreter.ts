import type { HostRecord } from "./record.ts";

// Open Interpreter has no hook layer (test/mcp-only.test.ts checks that install writes nothing for hooks there):
// its record is what install writes for MCP servers; a TOML table per server, as Codex: test/mcp.test.ts.
export const openInterpreter: HostRecord = {
  id: "open-interpreter",
  fixtures: {},
  mcp: { kind: "own-test", file: "test/mcp.test.ts" },
};
