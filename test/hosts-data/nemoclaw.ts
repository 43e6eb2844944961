import type { HostRecord } from "./record.ts";

// NemoClaw is listed but unavailable: install writes nothing for it and says why
// (test/unavailable-hosts.test.ts). No hooks run, no MCP file: nothing more to state.
export const nemoclaw: HostRecord = {
  id: "nemoclaw",
  fixtures: {},
};
