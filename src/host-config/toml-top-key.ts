import { eolOf, parseToml } from "./toml-text.ts";

/**
 * A top-level `key = value` of a TOML file (Codex's `allow_managed_hooks_only`), set or taken out
 * by splicing the one line: every other byte stays. Top-level keys sit before the first table
 * header, so a new one goes first in the file.
 */
const keyLine = (key: string) => new RegExp(`^[ \\t]*${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[ \\t]*=.*(?:\\r?\\n|$)`, "m");

/** The offset of the first table header, or the end: where top-level keys stop. */
const topEnd = (text: string): number => {
  const header = /^[ \t]*\[/m.exec(text);
  return header ? header.index : text.length;
};

export function setTopKey(text: string, file: string, key: string, value: boolean | undefined): string {
  parseToml(text, file); // refuses a file the host could not read either
  const top = text.slice(0, topEnd(text));
  const line = keyLine(key).exec(top);
  const eol = eolOf(text);
  const rendered = value === undefined ? "" : `${key} = ${value}${eol}`;
  if (line) return text.slice(0, line.index) + rendered + text.slice(line.index + line[0].length);
  return value === undefined ? text : rendered + text;
}
