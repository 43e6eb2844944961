import { defineAdapter, type Adapter } from "./adapter.ts";
import { EMPTY_REPLY } from "./dialects/dialect.ts";

/**
 * A host whose agent has no lifecycle-hook layer, only MCP: no events, nothing to render.
 * install reports every declared event as unavailable there and writes nothing (src/install/plan.ts).
 */
export const defineMcpOnlyAdapter = (host: Pick<Adapter, "id" | "name" | "sources" | "detect">): Adapter =>
  defineAdapter({
    ...host,
    paradigm: "mcp-only",
    events: {},
    payload: {},
    dialect: { id: host.id, capabilities: {}, render: () => EMPTY_REPLY },
    nativeMatcher: "none",
    nativeHooks: false,
  });
