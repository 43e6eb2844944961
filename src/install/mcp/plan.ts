import { existsSync } from "node:fs";
import type { Adapter, McpFormatId, PathContext, Scope } from "../../adapter.ts";
import type { ConnectorConfig } from "../../events.ts";
import { transportOf, type McpTransport } from "../../mcp-servers.ts";
import type { McpServersEdit } from "../edits/types.ts";
import type { ServerStatus } from "../edits/mcp-servers.ts";
import { MCP_FORMATS } from "./formats.ts";
import type { ServerEntry } from "../../host-config/server-map.ts";
import type { Registry } from "../../registry/types.ts";

/** The servers the registry says each connector wrote into a file. */
export type McpOwners = (file: string) => { ours: string[]; others: string[] };

/** Who owns which server of a file, from the registry, as seen by `connectorId`. */
export const mcpOwners =
  (registry: Registry, connectorId: string): McpOwners =>
  (file) => {
    const names = (id: string) => (registry[id]?.installs ?? []).filter((r) => r.part === "mcp" && r.file === file).flatMap((r) => r.servers ?? []);
    return {
      ours: [...new Set(names(connectorId))],
      others: [
        ...new Set(
          Object.keys(registry)
            .filter((id) => id !== connectorId)
            .flatMap(names),
        ),
      ],
    };
  };

/** A file's servers by file: those written earlier in this run, or those another host's record of the connector still holds. */
export type ServersByFile = ReadonlyMap<string, readonly string[]>;

/**
 * Owners with two corrections for hosts that share one MCP file (Claude Code's and CodeBuddy's
 * project `.mcp.json`): servers this run already wrote count as ours, and servers another host's
 * record still holds count as someone else's, so uninstalling one host leaves them for the other.
 */
export const sharedOwners =
  (owners: McpOwners, { writtenNow, keptBy }: { writtenNow?: ServersByFile; keptBy?: ServersByFile }): McpOwners =>
  (file) => {
    const { ours, others } = owners(file);
    const kept = keptBy?.get(file) ?? [];
    return {
      ours: [...new Set([...ours, ...(writtenNow?.get(file) ?? [])])].filter((name) => !kept.includes(name)),
      others: [...new Set([...others, ...kept])],
    };
  };

/** The servers each file holds by the given records of a connector. */
export const serversByFile = (records: readonly { part?: string; file: string; servers?: string[] }[]): Map<string, string[]> => {
  const byFile = new Map<string, string[]>();
  for (const r of records) if (r.part === "mcp") byFile.set(r.file, [...(byFile.get(r.file) ?? []), ...(r.servers ?? [])]);
  return byFile;
};

export interface McpServerPlan {
  name: string;
  transport: McpTransport;
  /** planned: will be written; unsupported: the host cannot take it (`reason`); manual: the user adds it in the host's UI. After install: what happened. */
  status: "planned" | "unsupported" | "manual" | ServerStatus;
  reason?: string;
}

/** What a connector's MCP servers become on one host at one scope. */
export interface McpPlan {
  format: McpFormatId;
  /** The file written; absent when the host keeps its list in its UI (`manualSteps`) or has none at this scope. */
  file?: string;
  /** Where the model sees a server's tools, e.g. "mcp__{server}__{tool}". */
  toolName: string;
  transports: readonly McpTransport[];
  variables: string;
  servers: McpServerPlan[];
  /** Exact steps for a host whose MCP list lives in its UI only. */
  manualSteps?: string;
  warnings: string[];
  edit?: McpServersEdit;
}

/** The first candidate that exists, else the first (`opencode.json` before `opencode.jsonc`). */
const pickFile = (candidates: string | readonly string[]): string => {
  const list = typeof candidates === "string" ? [candidates] : candidates;
  return list.find((file) => existsSync(file)) ?? list[0]!;
};

/** The file a host reads MCP servers from at a scope; undefined when it has none or keeps them in its UI. */
export function mcpFile(adapter: Adapter, scope: Scope, paths: PathContext): string | undefined {
  const location = adapter.mcp?.scopes[scope];
  return typeof location === "function" ? pickFile(location(paths)) : undefined;
}

/** Plans the MCP part for one host; undefined when the connector declares no servers and none of ours are recorded. */
export function planMcp(adapter: Adapter, config: ConnectorConfig, scope: Scope, paths: PathContext, owners: McpOwners): McpPlan | undefined {
  const spec = adapter.mcp;
  const declared = Object.entries(config.mcpServers ?? {});
  const file = mcpFile(adapter, scope, paths);
  const recorded = file ? owners(file) : { ours: [], others: [] };
  if (!declared.length && !recorded.ours.length) return undefined;
  if (!spec) {
    return {
      format: "plain",
      toolName: "",
      transports: [],
      variables: "none",
      warnings: [`${adapter.name} takes no MCP servers that agent-connector can register; add them by hand.`],
      servers: declared.map(([name, server]) => ({
        name,
        transport: transportOf(server),
        status: "unsupported",
        reason: "no MCP registration known for this host",
      })),
    };
  }
  const format = MCP_FORMATS[spec.format];
  const plan: McpPlan = { format: spec.format, toolName: spec.toolName, transports: format.transports, variables: format.variables, servers: [], warnings: [] };
  const entries: Record<string, ServerEntry> = {};
  for (const [name, server] of declared) {
    const result = format.entry(server, name);
    if ("unsupported" in result) {
      plan.servers.push({ name, transport: transportOf(server), status: "unsupported", reason: result.unsupported });
      plan.warnings.push(`${adapter.name}: MCP server "${name}" is not registered: ${result.unsupported}.`);
    } else {
      entries[name] = result.entry;
      plan.servers.push({ name, transport: transportOf(server), status: "planned" });
    }
  }
  const location = spec.scopes[scope];
  if (location && typeof location !== "function") {
    for (const server of plan.servers) if (server.status === "planned") server.status = "manual";
    if (Object.keys(entries).length) {
      const text = JSON.stringify(
        format.root.reduceRight<unknown>((inner, key) => ({ [key]: inner }), format.list ? Object.values(entries) : entries),
        null,
        2,
      );
      plan.manualSteps = `${adapter.name} keeps its ${scope} MCP servers in its UI only: ${location.ui}, and add:\n${text}`;
      plan.warnings.push(plan.manualSteps);
    }
    return plan;
  }
  if (!file) {
    for (const server of plan.servers)
      if (server.status === "planned") Object.assign(server, { status: "unsupported", reason: `no ${scope}-scope MCP config` });
    plan.warnings.push(`${adapter.name} has no ${scope}-scope MCP config; try --scope ${scope === "user" ? "project" : "user"}.`);
    return plan;
  }
  plan.file = file;
  const secret = Object.values(config.mcpServers ?? {}).some(
    (s) => Object.keys(("env" in s ? s.env : "headers" in s ? s.headers : undefined) ?? {}).length > 0,
  );
  plan.edit = {
    kind: "mcp-servers",
    file,
    connectorId: config.id,
    format: spec.format,
    servers: entries,
    ours: recorded.ours,
    others: recorded.others,
    secret,
  };
  return plan;
}

/** The edit that takes a connector's recorded servers out of a host's MCP file. */
export const mcpUninstallEdit = (adapter: Adapter, file: string, connectorId: string, owners: McpOwners): McpServersEdit => ({
  kind: "mcp-servers",
  file,
  connectorId,
  format: adapter.mcp?.format ?? "plain",
  servers: {},
  ...owners(file),
  secret: false,
});
