import { getNodeValue } from "jsonc-parser";
import { detectIndent, nodeAt, parseJsonc, setProperty } from "../../host-config/jsonc-text.ts";
import { parseToml } from "../../host-config/toml-text.ts";
import { setTopKey } from "../../host-config/toml-top-key.ts";
import type { EditOutcome, Editor, HostLockEdit } from "./types.ts";

/** The value at the lock's key in a file's text (undefined: not set). */
export function lockValue(text: string | null, edit: Pick<HostLockEdit, "file" | "format" | "key">): unknown {
  if (text === null || text.trim() === "") return undefined;
  if (edit.format === "json") {
    const node = nodeAt(parseJsonc(text, edit.file), [...edit.key]);
    return node ? getNodeValue(node) : undefined;
  }
  let at: unknown = parseToml(text, edit.file);
  for (const part of edit.key) at = at && typeof at === "object" ? (at as Record<string, unknown>)[part] : undefined;
  return at;
}

function write(text: string | null, edit: HostLockEdit, value: boolean | undefined): string | null {
  if (edit.format === "toml") return setTopKey(text ?? "", edit.file, edit.key[0]!, value);
  const base = text ?? "";
  return setProperty(base.trim() === "" ? "" : base, [...edit.key], value, detectIndent(base));
}

/**
 * A host's switch that lets only managed hooks run (install --lock), set in its managed file.
 * Uninstall takes it out unless `keep`: another connector still locks the file, or the
 * administrator had set it before any of ours (the registry remembers which).
 */
export const hostLockEditor: Editor<HostLockEdit> = {
  install(before, edit): EditOutcome {
    if (lockValue(before, edit) === edit.value) return { after: before, oursRemain: true };
    return { after: write(before, edit, edit.value), oursRemain: true };
  },
  uninstall(before, edit): EditOutcome {
    if (lockValue(before, edit) !== edit.value) return { after: before, oursRemain: false, removed: 0 };
    if (edit.keep) return { after: before, oursRemain: edit.keep === "locked-by-another", removed: 0 };
    return { after: write(before, edit, undefined), oursRemain: false, removed: 1 };
  },
};
