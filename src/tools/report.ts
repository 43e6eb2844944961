import { isUnknown, NAMED_KINDS, namesOfKind, type KindTable, type ToolVocabulary } from "./vocabulary.ts";
import { mcpNameOf } from "./view.ts";

/** A host's tool vocabulary as `explain --json` reports it (`tools` of each host's entry). */
export type ToolsReport =
  | ({ known: true; other: Readonly<Record<string, string>>; mcp: string | null } & KindTable)
  | { known: false; reason: string; mcp: string | null };

/** What of a host's adapter its tools report reads (an Adapter is one; the vocabulary imports no adapter). */
export interface HostTools {
  id: string;
  paradigm: string;
  tools?: ToolVocabulary;
  mcp?: { toolName: string };
}

export function toolsReport(adapter: HostTools): ToolsReport {
  const tools: ToolVocabulary | undefined = adapter.tools;
  const mcp = mcpNameOf({ tools, mcpName: adapter.mcp?.toolName }) ?? null;
  if (adapter.paradigm === "mcp-only") return { known: false, reason: "no hook layer: only its MCP servers are installed", mcp };
  if (isUnknown(tools)) return { known: false, reason: tools?.unknown ?? "not declared in the adapter", mcp };
  return { known: true, ...Object.fromEntries(NAMED_KINDS.filter((kind) => tools[kind]).map((kind) => [kind, tools[kind]])), other: tools.other ?? {}, mcp };
}

/** One row of explain's kind → tool-name table: the host, then each kind's names ("-": none), then its MCP naming; undefined where its tools are unknown. */
export function toolsRow(adapter: HostTools): string[] | undefined {
  const report = toolsReport(adapter);
  if (!report.known) return undefined;
  return [adapter.id, ...NAMED_KINDS.map((kind) => namesOfKind(adapter.tools, kind).join(", ") || "-"), report.mcp ?? "-"];
}

export const TOOLS_HEADER = ["host", ...NAMED_KINDS.map((kind) => `@${kind}`), "@mcp"];
