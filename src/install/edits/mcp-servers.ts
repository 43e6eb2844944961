import { sameEntry, serverMap } from "../../host-config/server-map.ts";
import { MCP_FORMATS } from "../mcp/formats.ts";
import type { Editor, McpServersEdit } from "./types.ts";

/** What install did with one server in one file. */
export type ServerStatus = "added" | "updated" | "unchanged" | "conflict" | "removed";

export interface ServerChange {
  name: string;
  status: ServerStatus;
}

const mapOf = (text: string, edit: McpServersEdit) => serverMap(text, edit.file, MCP_FORMATS[edit.format]);

/**
 * Writes this connector's servers into the host's server map. A server of the same name that
 * is not ours (the user's, another connector's) is never overwritten: it is reported instead.
 */
export const mcpServersEditor: Editor<McpServersEdit> = {
  install(before, edit) {
    let text = before ?? "";
    const { entries } = mapOf(text, edit);
    const changes: ServerChange[] = [];
    const warnings: string[] = [];
    for (const name of edit.ours) {
      if (edit.servers[name] || entries[name] === undefined) continue;
      text = mapOf(text, edit).remove(text, name);
      changes.push({ name, status: "removed" });
    }
    for (const [name, entry] of Object.entries(edit.servers)) {
      const existing = entries[name];
      if (existing !== undefined && !edit.ours.includes(name)) {
        changes.push({ name, status: "conflict" });
        const whose = edit.others.includes(name) ? "another connector's" : "one agent-connector did not write";
        warnings.push(
          `${edit.file} already has an MCP server named "${name}" (${whose}); it was left as it is and ours was not written. Rename ours in mcpServers, or remove theirs and install again.`,
        );
        continue;
      }
      if (existing !== undefined && sameEntry(existing, entry)) {
        changes.push({ name, status: "unchanged" });
        continue;
      }
      text = mapOf(text, edit).set(text, name, entry);
      changes.push({ name, status: existing === undefined ? "added" : "updated" });
    }
    const after = text === (before ?? "") ? before : text;
    return { after, oursRemain: true, details: { servers: changes }, warnings, secret: edit.secret };
  },
  uninstall(before, edit) {
    if (before === null) return { after: null, oursRemain: false, removed: 0 };
    let text = before;
    const { entries } = mapOf(text, edit);
    const changes: ServerChange[] = [];
    const warnings: string[] = [];
    let keptOurs = false;
    for (const name of edit.ours) {
      if (entries[name] === undefined) continue;
      const after = mapOf(text, edit).remove(text, name);
      // Rewritten by hand in a form the editor does not take apart (TOML dotted keys, an inline
      // table): it is still there, and saying "removed" would be a lie.
      if (mapOf(after, edit).entries[name] !== undefined) {
        keptOurs = true;
        warnings.push(
          `${edit.file}: MCP server "${name}" was rewritten in a form agent-connector cannot edit (dotted keys or an inline table); it was left in place: remove it by hand`,
        );
        continue;
      }
      text = after;
      changes.push({ name, status: "removed" });
    }
    const oursRemain = keptOurs || edit.others.some((name) => entries[name] !== undefined && !edit.ours.includes(name));
    return { after: text, oursRemain, removed: changes.length, details: { servers: changes }, warnings };
  },
};
