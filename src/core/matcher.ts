import { closest } from "./closest.ts";
import { TOOL_KINDS, type ToolKind } from "../tools/vocabulary.ts";

/**
 * Our matcher rule, the same on every host: a JavaScript regular expression that must match the
 * WHOLE name. "" and "*" match everything. On tool events an alternative `@<kind>` names a
 * portable kind of tool (`@shell`, `@write|@edit`, `@shell|my_tool`): it matches that kind's tools
 * whatever the host calls them (src/tools/vocabulary.ts).
 */
export function compileMatcher(matcher: string | undefined): RegExp | undefined {
  if (matcher === undefined || matcher === "" || matcher === "*") return undefined;
  return new RegExp(`^(?:${matcher})$`);
}

/** The top-level `|` alternatives of a regular expression (none inside groups, classes or escapes). */
export function alternatives(matcher: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < matcher.length; i++) {
    const c = matcher[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      parts.push(matcher.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(matcher.slice(start));
  return parts;
}

const KIND_TOKEN = /^@([A-Za-z]+)$/;

/** A tool matcher split into the kinds it names and the regular expression of its other alternatives. */
export interface ToolMatcher {
  kinds: ToolKind[];
  /** The other alternatives, still one regular expression (undefined: none). */
  rest?: string;
}

/** Splits out `@kind` alternatives; unknown kinds are left in `rest` (matcherError reports them). */
export function parseToolMatcher(matcher: string): ToolMatcher {
  const kinds: ToolKind[] = [];
  const rest: string[] = [];
  for (const part of alternatives(matcher)) {
    const kind = KIND_TOKEN.exec(part)?.[1];
    if (kind && (TOOL_KINDS as readonly string[]).includes(kind)) {
      if (!kinds.includes(kind as ToolKind)) kinds.push(kind as ToolKind);
    } else rest.push(part);
  }
  return { kinds, rest: rest.length ? rest.join("|") : undefined };
}

/** True when the matcher names a kind (only tool events read kinds). */
export const hasKinds = (matcher: string | undefined): boolean => (matcher?.includes("@") ?? false) && parseToolMatcher(matcher!).kinds.length > 0;

/**
 * The whole matcher rule for a tool event: the tool's kind is one the matcher names, or its name
 * matches the other alternatives. `kind` is computed only when the matcher names one.
 */
export function toolMatcherTest(matcher: string | undefined, kinds = true): ((name: string, kind: () => ToolKind) => boolean) | undefined {
  if (matcher === undefined || matcher === "" || matcher === "*") return undefined;
  if (!kinds || !matcher.includes("@")) {
    const pattern = compileMatcher(matcher)!;
    return (name) => pattern.test(name);
  }
  const parsed = parseToolMatcher(matcher);
  const pattern = parsed.rest === undefined ? undefined : compileMatcher(parsed.rest);
  return (name, kind) => (pattern?.test(name) ?? false) || (parsed.kinds.length > 0 && parsed.kinds.includes(kind()));
}

/** What is wrong with a matcher, if anything; `tools`: it is a tool event's, where `@kind` means a kind. */
export function matcherError(matcher: string, tools = false): string | undefined {
  if (tools) {
    const unknown = alternatives(matcher)
      .map((part) => KIND_TOKEN.exec(part)?.[1])
      .filter((kind): kind is string => kind !== undefined && !(TOOL_KINDS as readonly string[]).includes(kind));
    if (unknown.length) {
      const hint = unknown
        .map((kind) => {
          const near = closest(kind.toLowerCase(), TOOL_KINDS);
          return near ? `@${kind} (did you mean @${near}?)` : `@${kind}`;
        })
        .join(", ");
      return `names an unknown tool kind: ${hint}; the kinds are ${TOOL_KINDS.map((k) => `@${k}`).join(", ")}`;
    }
  }
  try {
    compileMatcher(matcher);
    return undefined;
  } catch (error) {
    return `not a valid regular expression (${(error as Error).message})`;
  }
}

/** True when the matcher is a plain name or a `|` list of plain names. */
export const isPlainNameList = (matcher: string): boolean => /^[A-Za-z0-9_-]+(\|[A-Za-z0-9_-]+)*$/.test(matcher);
