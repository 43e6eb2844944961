/** The width help is laid out for: the terminal's, or 80 columns when the text goes to a pipe or a file. */
export const widthOf = (stream: { isTTY?: boolean; columns?: number }): number => (stream.isTTY && stream.columns ? Math.max(40, stream.columns) : 80);

/**
 * Words filled into lines of at most `width` characters, each line after the first `indent` spaces
 * in (the first carries `first` before it). A word longer than a line keeps its own line, whole:
 * a path or a URL cut in two could not be copied.
 */
export function wrap(text: string, width: number, indent = 0, first = ""): string {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = " ".repeat(indent);
      empty = true;
    }
    line += `${empty ? "" : " "}${word}`;
    empty = false;
  }
  lines.push(line);
  return lines.map((l) => l.trimEnd()).join("\n");
}
