import { escapeRegExp, isPlainNameList, parseToolMatcher, toolMatcherTest } from "../core/matcher.ts";
import { allToolNames, isUnknown, NAMED_KINDS, namesOfKind, type NamedKind, type ToolKind } from "./vocabulary.ts";
import { kindOf, mcpNameOf, type ToolContext } from "./view.ts";

/**
 * A tool matcher in a host's own words: each `@kind` replaced by the names of the host's tools of
 * that kind (and of every other host that runs the same file: a guest sends its own names), so
 * the host filters natively. `text` undefined: no native form (the run-time check does it).
 */
export interface HostMatcher {
  text?: string;
  /** Kinds the host has no tool of (its vocabulary is known). */
  missingKinds: ToolKind[];
  /** The host's tools are unknown: kinds cannot be told apart there (but MCP tools by their names). */
  unknownTools: boolean;
}

/** The MCP naming as a regular expression's source, without anchors. */
const mcpSource = (template: string) =>
  template
    .split(/(\{server\}|\{tool\})/)
    .map((part) => (part === "{server}" || part === "{tool}" ? ".+" : escapeRegExp(part)))
    .join("");

export function hostMatcher(matcher: string, hosts: readonly ToolContext[]): HostMatcher {
  const { kinds, rest } = parseToolMatcher(matcher);
  const own = hosts[0] ?? {};
  const unknownTools = isUnknown(own.tools);
  if (!kinds.length) return { text: matcher, missingKinds: [], unknownTools };
  const parts: string[] = [];
  const missingKinds: ToolKind[] = [];
  let expressible = true;
  for (const kind of kinds) {
    if (kind === "other") {
      expressible = false; // "every tool not mapped": only the run-time check knows
      continue;
    }
    const found =
      kind === "mcp"
        ? hosts.map((host) => mcpNameOf(host)).filter((t): t is string => t !== undefined).map(mcpSource)
        : hosts.flatMap((host) => namesOfKind(host.tools, kind as NamedKind)).map(escapeRegExp);
    if (!(kind === "mcp" ? mcpNameOf(own) : namesOfKind(own.tools, kind as NamedKind).length)) missingKinds.push(kind);
    // A host whose MCP tools go by their bare names (`{tool}`) lets any name be one: no native form.
    if (found.includes(".+")) expressible = false;
    for (const part of found) if (!parts.includes(part)) parts.push(part);
    // A host of unknown tools (or a guest of one) may call a kind's tool anything.
    if (kind !== "mcp" && hosts.some((host) => isUnknown(host.tools))) expressible = false;
  }
  if (rest !== undefined) parts.push(rest);
  return { text: expressible && parts.length ? parts.join("|") : undefined, missingKinds: unknownTools ? [] : missingKinds, unknownTools };
}

/** The rendered text is a plain `a|b` list of names (for hosts that take only those). */
export const isPlainRendering = (text: string | undefined): boolean => text !== undefined && isPlainNameList(text);

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
