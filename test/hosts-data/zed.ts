import { PLAIN } from "./mcp.ts";
import type { HostRecord } from "./record.ts";

// Zed has no hook layer (test/mcp-only.test.ts checks that install writes nothing for hooks there):
// its record is what install writes for MCP servers.
export const zed: HostRecord = {
  id: "zed",
  fixtures: {},
  mcp: { kind: "user-file", file: ".config/zed/settings.json", root: "context_servers", rec: PLAIN.rec, api: PLAIN.api },
};
