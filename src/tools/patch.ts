/**
 * The files a patch text touches, for a patch tool's `filePaths`: the `*** Begin Patch` envelope
 * (Codex's and OpenCode's apply_patch: `*** Add File:`, `*** Update File:`, `*** Delete File:`,
 * `*** Move to:`) and unified diffs (`--- a/…` / `+++ b/…`, /dev/null left out).
 */
const ENVELOPE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/;
const UNIFIED = /^(?:---|\+\+\+) (?:[ab]\/)?(.+?)(?:\t.*)?$/;

export function patchPaths(text: string): string[] {
  const paths: string[] = [];
  const add = (path: string | undefined) => {
    const p = path?.trim();
    if (p && p !== "/dev/null" && !paths.includes(p)) paths.push(p);
  };
  const lines = text.split(/\r?\n/);
  const envelope = lines.some((line) => line.startsWith("*** Begin Patch"));
  for (const line of lines) {
    if (envelope) {
      const m = ENVELOPE.exec(line);
      if (m) add(m[1] ?? m[2]);
    } else if (line.startsWith("--- ") || line.startsWith("+++ ")) {
      add(UNIFIED.exec(line)?.[1]);
    }
  }
  return paths;
}
