import { HostConfigError } from "../../host-config/errors.ts";
import { launcherOwner } from "../launcher.ts";
import type { Editor, EditOutcome, HookLauncherEdit } from "./types.ts";

const EXECUTABLE = 0o755;

const ownerOf = (text: string | null, edit: HookLauncherEdit) =>
  text === null ? undefined : launcherOwner(text, edit.flavour, edit.invocations, edit.platform, edit.serves, edit.noStdin);

const removeOurs = (edit: HookLauncherEdit, before: string | null): EditOutcome => {
  const owner = ownerOf(before, edit);
  if (owner !== edit.connectorId) return { after: before, oursRemain: owner !== undefined, removed: 0 };
  return { after: null, oursRemain: false, removed: 1, pruneFolder: true };
};

/**
 * A launcher is one whole file: written when the place is free or already ours, removed only when it
 * is exactly a launcher of this connector. The host runs one file per event name in a folder, so a
 * file of anyone else's at that name (the user's own hook, another connector's launcher) is never
 * overwritten: install stops with what to do instead.
 */
export const hookLauncherEditor: Editor<HookLauncherEdit> = {
  install(before, edit) {
    if (edit.launcher === null) return removeOurs(edit, before);
    const owner = ownerOf(before, edit);
    if (before !== null && owner !== edit.connectorId) throw new HostConfigError(edit.file, conflict(edit, owner));
    return { after: edit.launcher, oursRemain: true, mode: EXECUTABLE };
  },
  uninstall: (before, edit) => removeOurs(edit, before),
};

function conflict(edit: HookLauncherEdit, owner: string | undefined): string {
  const other = edit.scope === "user" ? "project" : "user";
  const both = edit.firstFound
    ? `${edit.name} runs one file of a name, the project's before the user's, so --scope ${other} would ${edit.scope === "user" ? "hide this one" : "be hidden by this one"} rather than run beside it`
    : `${edit.name} runs the hooks of its user and project folders one after the other (a deny from either wins), so --scope ${other} installs beside it`;
  if (owner) {
    return `runs connector "${owner}" already, and ${edit.name} takes one file per event name in a folder; nothing was written. Either uninstall it here first (agent-connector uninstall --connector ${owner} --platform ${edit.platform} --scope ${edit.scope}), or install this connector at the other scope: ${both}`;
  }
  const rename = edit.besideOwn
    ? `rename it to ${edit.besideOwn} (${edit.name} runs that one too) and install again`
    : "move it aside (or fold what it does into a handler) and install again";
  return `is a hook of your own, not a launcher agent-connector wrote (or one edited since); it was left as it is and nothing was written. To run both, ${rename}, or install at the other scope: ${both}`;
}
