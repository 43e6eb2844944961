import { parseToolMatcher, toolMatcherTest } from "./matcher.ts";
import { escapeRegExp } from "../escape-regexp.ts";
import { allToolNames, isUnknown, NAMED_KINDS, namesOfKind, type NamedKind } from "../tools/vocabulary.ts";
import { kindOf, mcpNameOf, mcpNameSource, type ToolContext } from "../tools/view.ts";

/**
 * A tool matcher in a host's own words: each `@kind` replaced by the names of the host's tools of
 * that kind (and of every other host that runs the same file: a guest sends its own names), so
 * the host filters natively. Undefined: no native form (the run-time check does it).
 */
export function hostMatcher(matcher: string, hosts: readonly ToolContext[]): string | undefined {
  const { kinds, rest } = parseToolMatcher(matcher);
  if (!kinds.length) return matcher;
  const parts: string[] = [];
  for (const kind of kinds) {
    // "Every tool not mapped": only the run-time check knows.
    if (kind === "other") return undefined;
    // A host of unknown tools (or a guest of one) may call a kind's tool anything.
    if (kind !== "mcp" && hosts.some((host) => isUnknown(host.tools))) return undefined;
    const found =
      kind === "mcp"
        ? hosts
            .map((host) => mcpNameOf(host))
            .filter((t): t is string => t !== undefined)
            .map((t) => mcpNameSource(t, false))
        : hosts.flatMap((host) => namesOfKind(host.tools, kind as NamedKind)).map(escapeRegExp);
    // A host whose MCP tools go by their bare names (`{tool}`) lets any name be one: no native form.
    if (found.includes(".+")) return undefined;
    for (const part of found) if (!parts.includes(part)) parts.push(part);
  }
  if (rest !== undefined) parts.push(rest);
  return parts.length ? parts.join("|") : undefined;
}

/**
 * Why a tool matcher never runs on a host whose tools are known, in words, or undefined when it
 * can reach a tool: one of the host's tools matches, or it could match an MCP tool (it names
 * @mcp, or mentions "mcp", or the host's MCP naming). Kinds the host lacks are named.
 */
export function unreachable(matcher: string, host: ToolContext & { name: string }): string | undefined {
  if (isUnknown(host.tools)) return undefined;
  const test = toolMatcherTest(matcher);
  if (!test) return undefined;
  const names = allToolNames(host.tools);
  if (names.some((name) => test(name, () => kindOf(host, name)))) return undefined;
  const { kinds, rest } = parseToolMatcher(matcher);
  if (kinds.includes("mcp") || kinds.includes("other") || (rest !== undefined && /mcp/i.test(rest))) return undefined;
  const mcp = mcpNameOf(host);
  if (rest !== undefined && mcp && toolMatcherTest(rest)!(mcp.replace("{server}", "server").replace("{tool}", "tool"), () => "mcp")) return undefined;
  const lacking = kinds.filter((kind) => (NAMED_KINDS as readonly string[]).includes(kind));
  const has = NAMED_KINDS.filter((kind) => namesOfKind(host.tools, kind).length).map((kind) => `@${kind}`);
  const why = lacking.length ? ` (${host.name} has no ${lacking.map((k) => `@${k}`).join(" or ")} tool; its kinds: ${has.join(", ") || "none"})` : "";
  return `the matcher "${matcher}" reaches none of ${host.name}'s tools${why}, so this handler never runs there. Its tools: ${names.join(", ")}.`;
}

/**
 * The write and edit tools `matcher` reaches on a host whose input names no file (adapter
 * `pathless`), in words: a guard that reads `event.tool.filePaths` sees nothing there.
 */
export function pathlessWrites(matcher: string, host: ToolContext & { name: string }): string | undefined {
  if (isUnknown(host.tools)) return undefined;
  const test = toolMatcherTest(matcher);
  const tools = host.tools;
  const reached = (["write", "edit"] as const).flatMap((kind) =>
    Object.entries(tools[kind] ?? {}).filter(([name, fields]) => fields.pathless && (!test || test(name, () => kind))),
  );
  if (!reached.length) return undefined;
  const why = reached.map(([name, fields]) => `${name}: ${fields.pathless}`).join("; ");
  return `the matcher "${matcher}" reaches ${host.name} tools that write files but name none (${why}); there event.tool.filePaths is absent, so a guard on paths cannot see what they write.`;
}
