import { isDeepStrictEqual } from "node:util";
import { type Document, isMap, isSeq, parse, parseDocument, type ToStringOptions } from "yaml";
import { HostConfigError } from "./errors.ts";
import { sequencesAtKeyDepth } from "./yaml-seq-depth.ts";

/**
 * YAML host config files (Hermes' and Goose's config.yaml), edited through the `yaml` package's
 * Document API: comments, key order and the user's entries stay where they were. Spacing inside a
 * line may be tidied on write (the library re-renders), so the file's own indentation is measured
 * and kept; a file that does not parse, or holds a key twice, is refused, never rewritten.
 */

/** A parsed file: its document and how it is indented. */
export interface YamlDoc {
  doc: Document;
  style: ToStringOptions;
}

/** The indentation the file uses (2 when it has none), and whether `- ` items sit deeper than their key. */
function styleOf(text: string): ToStringOptions {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() && !line.trimStart().startsWith("#"));
  const depths = lines.map((line) => line.length - line.trimStart().length).filter((n) => n > 0);
  const indent = depths.length ? Math.min(...depths) : 2;
  let indentSeq = true;
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    if (/:\s*$/.test(line) && next?.trimStart().startsWith("- ") && next.length - next.trimStart().length === line.length - line.trimStart().length)
      indentSeq = false;
  });
  return { indent: Math.max(1, indent), indentSeq, lineWidth: 0 };
}

/** Parses a host's YAML file; refused (exit 4, naming the file) when it does not parse or is not a mapping. */
export function parseYamlDoc(text: string, file: string): YamlDoc {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const error = doc.errors[0];
  if (error) {
    const line = text.slice(0, error.pos[0]).split("\n").length;
    const duplicate = error.code === "DUPLICATE_KEY";
    const what = duplicate ? "holds a key twice" : "cannot be parsed as YAML";
    throw new HostConfigError(file, `${what} (line ${line}); fix it or move it aside, nothing was written`);
  }
  if (doc.contents !== null && !isMap(doc.contents)) throw new HostConfigError(file, "is not a YAML mapping; nothing was written");
  keepEndCommentClose(doc, text);
  return { doc, style: styleOf(text) };
}

/**
 * The `yaml` package writes a document's closing comment after a blank line whether the file had
 * one or not (yaml/dist/stringify/stringifyDocument.js, v2.9); as the comment of the top mapping
 * it follows the last line directly. So a closing comment with no blank line before it in the
 * file is moved there.
 */
function keepEndCommentClose(doc: Document, text: string): void {
  const map = doc.contents;
  if (!doc.comment || !isMap(map) || map.flow || !map.items.length || !map.range || map.comment) return;
  if (/^[ \t]*\r?\n/.test(text.slice(map.range[2]))) return;
  map.comment = doc.comment;
  doc.comment = null;
}

/** The comments of a document left with no keys, alone (the library would write `{}` after them). */
function commentsOnly(doc: Document): string {
  const map = isMap(doc.contents) ? doc.contents : undefined;
  const comments = [doc.commentBefore, map?.commentBefore, map?.comment, doc.comment].filter((c): c is string => !!c);
  // The library's default commentString (yaml/dist/stringify/stringifyComment.js): `#` before each non-empty line.
  return comments.map((c) => `${c.replace(/^(?!$)(?: $)?/gm, "#")}\n`).join("\n");
}

/** The plain value at `path` (undefined when absent). */
export const valueAt = ({ doc }: YamlDoc, path: readonly string[]): unknown => {
  const node = path.length ? doc.getIn(path, true) : doc.contents;
  return node === undefined || node === null ? undefined : ((node as { toJSON?: () => unknown }).toJSON?.() ?? node);
};

/** Whether the node at `path` is a mapping (or absent). */
export const mappingOrAbsent = ({ doc }: YamlDoc, path: readonly string[]): boolean => {
  const node = path.length ? doc.getIn(path, true) : doc.contents;
  return node === undefined || node === null || isMap(node);
};

/** Whether the node at `path` is a sequence. */
export const isSequenceAt = ({ doc }: YamlDoc, path: readonly string[]): boolean => isSeq(doc.getIn(path, true));

/** Sets `path` to `value` (replaced in place when present, appended when not). */
export function setAt({ doc }: YamlDoc, path: readonly string[], value: unknown): void {
  doc.setIn(path, doc.createNode(value));
}

/** Appends `value` to the sequence at `path`, creating it when missing. */
export function appendAt(yaml: YamlDoc, path: readonly string[], value: unknown): void {
  const seq = yaml.doc.getIn(path, true);
  if (isSeq(seq)) seq.items.push(yaml.doc.createNode(value));
  else setAt(yaml, path, [value]);
}

/** Removes `path`, then each parent mapping on `path` that this left empty (up to, not including, the document). */
export function deleteAt({ doc }: YamlDoc, path: readonly string[]): void {
  doc.deleteIn(path);
  for (let depth = path.length - 1; depth > 0; depth--) {
    const parent = doc.getIn(path.slice(0, depth), true);
    if (!(isMap(parent) || isSeq(parent)) || parent.items.length) break;
    doc.deleteIn(path.slice(0, depth));
  }
}

/** Removes the items of the sequence at `path` whose plain value passes `drop`; returns how many went. */
export function dropItems({ doc }: YamlDoc, path: readonly string[], drop: (item: unknown) => boolean): number {
  const seq = doc.getIn(path, true);
  if (!isSeq(seq)) return 0;
  const before = seq.items.length;
  seq.items = seq.items.filter((item) => !drop((item as { toJSON?: () => unknown })?.toJSON?.() ?? item));
  return before - seq.items.length;
}

/** The document as text, in the file's own indentation and line ends. */
export function yamlText({ doc, style }: YamlDoc, eolOf: string): string {
  if (doc.contents === null || (isMap(doc.contents) && !doc.contents.items.length)) return commentsOnly(doc).replace(/\n/g, eolOf);
  const written = doc.toString(style);
  const text = style.indentSeq === false ? keptIfSame(written, sequencesAtKeyDepth(written, style.indent ?? 2)) : written;
  return eolOf.includes("\r\n") ? text.replace(/\r?\n/g, "\r\n") : text;
}

/** `moved` when it means what `written` does, else `written` (a shift must never change the data). */
const keptIfSame = (written: string, moved: string): string => (moved !== written && sameYamlData(written, moved) ? moved : written);

/** Whether two YAML texts hold the same data (the first already parsed without errors). */
export function sameYamlData(a: string, b: string): boolean {
  try {
    return isDeepStrictEqual(parse(a) ?? null, parse(b) ?? null);
  } catch {
    return false;
  }
}
