import { HostConfigError } from "../../host-config/errors.ts";
import { readLauncher, renderLauncher, type FoundLauncher, type LauncherConnector } from "../launcher.ts";
import type { Editor, EditOutcome, HookLauncherEdit } from "./types.ts";

const EXECUTABLE = 0o755;

const found = (text: string | null, edit: HookLauncherEdit): FoundLauncher | undefined =>
  text === null ? undefined : readLauncher(text, edit.flavour, edit.invocations, edit.platform, edit.serves, edit.noStdin);

/** The launcher for `connectors` (at least one), started as `invocation`. */
function render(edit: HookLauncherEdit, invocation: string, on: { event: string; native: boolean }, connectors: readonly LauncherConnector[]): string {
  const [first, ...more] = connectors;
  return renderLauncher(edit.flavour, invocation, {
    platform: edit.platform,
    event: on.event,
    native: on.native,
    connectorId: first!.id,
    ...(first!.failClosed ? { failClosed: true } : {}),
    ...(edit.noStdin ? { noStdin: true } : {}),
    ...(more.length ? { more } : {}),
  });
}

/** This connector leaves the launcher: the others stay in it, in their order; the file goes with the last one. */
const removeOurs = (edit: HookLauncherEdit, before: string | null): EditOutcome => {
  const launcher = found(before, edit);
  if (!launcher?.connectors.some((c) => c.id === edit.connectorId)) return { after: before, oursRemain: launcher !== undefined, removed: 0 };
  const rest = launcher.connectors.filter((c) => c.id !== edit.connectorId);
  if (!rest.length) return { after: null, oursRemain: false, removed: 1, pruneFolder: true };
  return { after: render(edit, launcher.invocation, launcher, rest), oursRemain: true, removed: 1, mode: EXECUTABLE };
};

/**
 * A launcher is one whole file: written when the place is free or holds a launcher of ours, removed
 * when its last connector leaves. The host runs one file per event name in a folder, so connectors
 * on the same event share the file (each in its own call, their answers merged: src/hook/shared-call.ts)
 * and installing or uninstalling one rewrites it for the others. A file of anyone else's at that
 * name (the user's own hook, a launcher edited since) is never overwritten: install stops with what
 * to do instead.
 */
export const hookLauncherEditor: Editor<HookLauncherEdit> = {
  install(before, edit) {
    const wired = edit.wired;
    if (wired === null) return removeOurs(edit, before);
    const launcher = found(before, edit);
    if (before !== null && !launcher) throw new HostConfigError(edit.file, conflict(edit));
    const mine: LauncherConnector = { id: edit.connectorId, ...(wired.failClosed ? { failClosed: true } : {}) };
    const others = launcher?.connectors.filter((c) => c.id !== edit.connectorId) ?? [];
    // A host-only event's answer is the host's own shape, passed through as is: two cannot be merged.
    if (others.length && (wired.native || launcher!.native || launcher!.event !== wired.event)) throw new HostConfigError(edit.file, unshared(edit, others));
    const connectors = launcher?.connectors.some((c) => c.id === edit.connectorId)
      ? launcher.connectors.map((c) => (c.id === edit.connectorId ? mine : c))
      : [...others, mine];
    return { after: render(edit, edit.invocations[0]!, wired, connectors), oursRemain: true, mode: EXECUTABLE };
  },
  uninstall: (before, edit) => removeOurs(edit, before),
};

const otherScope = (edit: HookLauncherEdit) => {
  const other = edit.scope === "user" ? "project" : "user";
  return edit.firstFound
    ? `${edit.name} runs one file of a name, the project's before the user's, so --scope ${other} would ${edit.scope === "user" ? "hide this one" : "be hidden by this one"} rather than run beside it`
    : `${edit.name} runs the hooks of its user and project folders one after the other (a deny from either wins), so --scope ${other} installs beside it`;
};

function unshared(edit: HookLauncherEdit, others: readonly LauncherConnector[]): string {
  const names = others.map((c) => `"${c.id}"`).join(", ");
  return `runs connector ${names} already, and a host-only event (nativeHooks) passes one connector's answer through as is, so its launcher cannot be shared; nothing was written. Either uninstall it here first (agent-connector uninstall --connector ${others[0]!.id} --platform ${edit.platform} --scope ${edit.scope}), or install this connector at the other scope: ${otherScope(edit)}`;
}

function conflict(edit: HookLauncherEdit): string {
  const rename = edit.besideOwn
    ? `rename it to ${edit.besideOwn} (${edit.name} runs that one too) and install again`
    : "move it aside (or fold what it does into a handler) and install again";
  return `is a hook of your own, not a launcher agent-connector wrote (or one edited since); it was left as it is and nothing was written. To run both, ${rename}, or install at the other scope: ${otherScope(edit)}`;
}
