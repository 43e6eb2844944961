import { renderUsage, type CommandDef } from "citty";

const ANSI = /\x1b\[[0-9;]*m/g;

/** Colour only for a person at a terminal, never with NO_COLOR (https://no-color.org: any non-empty value). */
export const useColour = (stream: { isTTY?: boolean } = process.stdout, env = process.env): boolean => Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== "dumb";

/** citty's help, without colour in pipes and without the blanks it pads rows with. */
export async function showUsage(cmd: CommandDef<any>, parent?: CommandDef<any>): Promise<void> {
  const text = await renderUsage(cmd, parent);
  const plain = useColour() ? text : text.replace(ANSI, "");
  process.stdout.write(`${plain.split("\n").map((line) => line.trimEnd()).join("\n")}\n\n`);
}

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The closest of `known` to a mistyped `word`, when it is close enough to be what was meant. */
export function closest(word: string, known: readonly string[]): string | undefined {
  const scored = known.map((name) => ({ name, d: name.startsWith(word) || word.startsWith(name) ? 1 : distance(word, name) })).sort((a, b) => a.d - b.d);
  const best = scored[0];
  return best && best.d <= Math.max(2, Math.floor(word.length / 3)) ? best.name : undefined;
}
