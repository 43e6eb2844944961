import { applyEdits, createScanner, findNodeAtLocation, modify, parseTree, printParseErrorCode, type JSONPath, type Node, type ParseError } from "jsonc-parser";
import { HostConfigError } from "./errors.ts";

/**
 * Text-level edits of JSON / JSONC files that leave every byte we do not own as it was:
 * comments, key order, the user's own formatting. jsonc-parser's `modify` reformats neighbours
 * when it inserts into arrays, so array elements are inserted and removed here by hand.
 */

export interface Indent {
  unit: string;
  eol: string;
}

export function detectIndent(text: string): Indent {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const match = /^([ \t]+)\S/m.exec(text);
  return { unit: match?.[1] ?? "  ", eol };
}

export function parseJsonc(text: string, file: string): Node | undefined {
  if (text.trim() === "") return undefined;
  const errors: ParseError[] = [];
  let tree: Node | undefined;
  try {
    tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  } catch (error) {
    // jsonc-parser recurses once per level: thousands of `[` exhaust the stack.
    if (!(error instanceof RangeError)) throw error;
    throw new HostConfigError(file, "is nested too deeply to be parsed; fix it or move it aside, nothing was written");
  }
  if (errors.length) {
    const first = errors[0]!;
    const line = text.slice(0, first.offset).split("\n").length;
    throw new HostConfigError(file, `cannot be parsed (${printParseErrorCode(first.error)} at line ${line}); fix it or move it aside, nothing was written`);
  }
  return tree;
}

export const nodeAt = (tree: Node | undefined, path: JSONPath): Node | undefined => (tree ? findNodeAtLocation(tree, path) : undefined);

/**
 * Sets a property (creating parents). Adding and removing a property is done by hand like array
 * elements: jsonc-parser's `modify` reformats the neighbouring property (a one-line
 * `"afterFileEdit": [{ … }]` came back spread over six lines). Replacing a value uses `modify`.
 */
export function setProperty(text: string, path: JSONPath, value: unknown, indent: Indent): string {
  const tree = text.trim() === "" ? undefined : parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  const existing = tree && findNodeAtLocation(tree, path);
  if (tree && value === undefined) {
    if (!existing?.parent?.parent) return text;
    const object = existing.parent.parent;
    return removeArrayElement(text, object, object.children!.indexOf(existing.parent));
  }
  if (tree && !existing && path.length) {
    let depth = path.length - 1;
    while (depth > 0 && !findNodeAtLocation(tree, path.slice(0, depth))) depth--;
    const parent = findNodeAtLocation(tree, path.slice(0, depth));
    if (parent?.type === "object") {
      const nested = path.slice(depth + 1).reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
      return appendChild(text, parent, nested, indent, String(path[depth]));
    }
  }
  const formattingOptions = { insertSpaces: !indent.unit.includes("\t"), tabSize: indent.unit.length, eol: indent.eol };
  const edited = applyEdits(text, modify(text, path, value, { formattingOptions }));
  return text === "" && !edited.endsWith(indent.eol) ? edited + indent.eol : edited;
}

const lineStart = (text: string, offset: number) => text.lastIndexOf("\n", offset - 1) + 1;
const lineEnd = (text: string, offset: number) => {
  const end = text.indexOf("\n", offset);
  return end === -1 ? text.length : end > 0 && text[end - 1] === "\r" ? end - 1 : end;
};

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot import.
const COMMA_TOKEN = 5;
const EOF_TOKEN = 17;

/** Offsets of the comma tokens between `from` and `to` (comments and strings skipped). */
function commasBetween(text: string, from: number, to: number): number[] {
  const scanner = createScanner(text.slice(from, to), false);
  const commas: number[] = [];
  for (let kind = scanner.scan(); kind !== EOF_TOKEN; kind = scanner.scan()) {
    if (kind === COMMA_TOKEN) commas.push(from + scanner.getTokenOffset());
  }
  return commas;
}

function formatJson(value: unknown, baseIndent: string, indent: Indent): string {
  return JSON.stringify(value, null, indent.unit)
    .split("\n")
    .join(indent.eol + baseIndent);
}

/** Appends `value` to the array at `array`, on its own lines after the last element. */
export const appendArrayElement = (text: string, array: Node, value: unknown, indent: Indent): string => appendChild(text, array, value, indent);

/** Appends an array element, or with `key` an object property, after the container's last child. */
function appendChild(text: string, array: Node, value: unknown, indent: Indent, key?: string): string {
  const prefix = key === undefined ? "" : `${JSON.stringify(key)}: `;
  const formatValue = (v: unknown, baseIndent: string, i: Indent) => prefix + formatJson(v, baseIndent, i);
  const compact = (v: unknown) => prefix + JSON.stringify(v);
  const [open, close] = array.type === "object" ? ["{", "}"] : ["[", "]"];
  const items = array.children ?? [];
  const last = items[items.length - 1];
  if (!last) {
    const at = array.offset;
    const baseIndent = /^[ \t]*/.exec(text.slice(lineStart(text, at)))![0];
    const inner = baseIndent + indent.unit;
    const body = `${open}${indent.eol}${inner}${formatValue(value, inner, indent)}${indent.eol}${baseIndent}${close}`;
    return text.slice(0, at) + body + text.slice(at + array.length);
  }
  const lastEnd = last.offset + last.length;
  const ownLine = text.slice(lineStart(text, last.offset), last.offset).trim() === "";
  const baseIndent = ownLine ? /^[ \t]*/.exec(text.slice(lineStart(text, last.offset)))![0] : "";
  if (!ownLine) return `${text.slice(0, lastEnd)}, ${compact(value)}${text.slice(lastEnd)}`;
  // The comma goes right after the element; the new element after whatever ends that line
  // (a trailing comment stays with the element it annotates).
  const end = Math.max(lineEnd(text, lastEnd), lastEnd);
  const restOfLine = text.slice(lastEnd, end);
  // JSONC with trailing commas (Crush's own examples): the new element goes on its own line with one too.
  if (/^\s*,\s*(\/\/.*|\/\*.*\*\/\s*)?$/.test(restOfLine)) {
    return `${text.slice(0, end)}${indent.eol}${baseIndent}${formatValue(value, baseIndent, indent)},${text.slice(end)}`;
  }
  if (!/^\s*(\/\/.*|\/\*.*\*\/\s*)?$/.test(restOfLine)) {
    return `${text.slice(0, lastEnd)}, ${compact(value)}${text.slice(lastEnd)}`;
  }
  return `${text.slice(0, lastEnd)},${text.slice(lastEnd, end)}${indent.eol}${baseIndent}${formatValue(value, baseIndent, indent)}${text.slice(end)}`;
}

/** Removes element `index` of `array` with its comma and, when it sat on its own lines, those lines. */
export function removeArrayElement(text: string, array: Node, index: number): string {
  const items = array.children ?? [];
  const item = items[index]!;
  const start = item.offset;
  const end = item.offset + item.length;
  const prev = items[index - 1];
  const next = items[index + 1];
  const ownLines = text.slice(lineStart(text, start), start).trim() === "";
  if (next) {
    const cutStart = ownLines ? lineStart(text, start) : start;
    const nextOwnLine = text.slice(lineStart(text, next.offset), next.offset).trim() === "";
    const cutEnd = ownLines && nextOwnLine ? lineStart(text, next.offset) : next.offset;
    return text.slice(0, cutStart) + text.slice(cutEnd);
  }
  if (prev) {
    const prevEnd = prev.offset + prev.length;
    const comma = commasBetween(text, prevEnd, start).pop();
    // On one line with its predecessor (`{"a": 1, "b": 2}`): cut from the comma, the exact
    // inverse of appendChild, so install → uninstall → install never grows the file.
    if (!ownLines && comma !== undefined && text.slice(comma + 1, start).trim() === "") return text.slice(0, comma) + text.slice(end);
    const cutStart = ownLines ? lineStart(text, start) - (text[lineStart(text, start) - 2] === "\r" ? 2 : 1) : start;
    let result = text.slice(0, cutStart) + text.slice(end);
    if (comma !== undefined && comma < cutStart) result = result.slice(0, comma) + result.slice(comma + 1);
    return result;
  }
  // The only element: leave an empty array (or object).
  return text.slice(0, array.offset) + (array.type === "object" ? "{}" : "[]") + text.slice(array.offset + array.length);
}
