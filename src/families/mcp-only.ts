import { defineAdapter, type Adapter, type AdapterSpec } from "../adapter.ts";
import { EMPTY_REPLY } from "../dialects/dialect.ts";

/**
 * A host whose agent has no lifecycle-hook layer, only MCP: no events, nothing to render, nothing
 * delivered for hooks. install reports every declared event as unavailable there and registers
 * the connector's MCP servers (`mcp`).
 */
export const defineMcpOnlyAdapter = <const Id extends string>(
  host: Pick<AdapterSpec<Id>, "id" | "name" | "sources" | "detect" | "verified" | "version" | "mcp">,
): Adapter<Id, never> =>
  defineAdapter({
    ...host,
    events: {},
    payload: {},
    dialect: { id: host.id, family: "none", capabilities: {}, render: () => EMPTY_REPLY },
    nativeMatcher: "none",
    nativeHooks: false,
    hooks: { kind: "none" },
  });
