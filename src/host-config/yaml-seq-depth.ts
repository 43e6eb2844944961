import { isSeq, parseDocument, visit } from "yaml";

/**
 * Moves block sequences that are a key's value back to that key's depth (`key:\n- a`), the style
 * of a file indented by more than 2. The `yaml` package cannot write it: with `indentSeq: false`
 * it takes exactly 2 off the indentation ("consider '- ' as part of indentation",
 * yaml/dist/stringify/stringifyPair.js, v2.9), so with `indent: 4` items land 2 deeper than their
 * key. The text the library wrote is parsed again and each such sequence's lines (items, their
 * contents, its comments) move left by `indent - 2`, once per sequence holding them: a uniform
 * shift, so every line keeps its depth relative to its neighbours. The caller checks the data.
 */
export function sequencesAtKeyDepth(text: string, indent: number): string {
  const shift = indent - 2;
  if (shift <= 0) return text;
  const spans: [number, number][] = [];
  visit(parseDocument(text), {
    Pair(_, pair) {
      const value = pair.value;
      if (isSeq(value) && !value.flow && value.range) spans.push([value.range[0], value.range[2]]);
    },
  });
  if (!spans.length) return text;
  let out = "";
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline + 1;
    const line = text.slice(start, end);
    const spaces = line.length - line.replace(/^ +/, "").length;
    // A line is the sequence's when its first character is (a node's end may fall in the next line's indentation).
    const first = start + spaces;
    const depth = spans.filter(([from, to]) => from <= first && first < to).length * shift;
    out += line.slice(Math.min(depth, spaces));
    start = end;
  }
  return out;
}
