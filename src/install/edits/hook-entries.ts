import { LAYOUTS, type HookLayout } from "../../host-config/layouts.ts";
import { isOurCommand } from "../command-line.ts";
import { HostConfigError } from "../../host-config/errors.ts";
import { agentOfFile } from "../../host-config/agent-file.ts";
import type { HookFileSpec } from "../../adapter.ts";
import type { IsOurs } from "../../host-config/replace-entries.ts";
import type { Editor, HookEntriesEdit } from "./types.ts";

/**
 * Whether `after` holds this connector's entries as `before` does, and everything else as it was.
 * Where ours sit among other connectors' and the user's entries is not compared: install puts
 * them last, so with two connectors in a file each re-install would move its own behind the
 * other's, and `status` would call one of them drift forever.
 */
function sameButForPlace(layout: HookLayout, before: string, after: string, file: string, spec: HookFileSpec, isOurs: IsOurs): boolean {
  const without = (text: string, drop: IsOurs) => layout.remove(text, file, spec, drop).text;
  const notOurs: IsOurs = (command) => !isOurs(command);
  return layout.same(without(before, notOurs), without(after, notOurs)) && layout.same(without(before, isOurs), without(after, isOurs));
}

/** Replaces this connector's entries in a host's hook file; other entries, keys and comments stay. */
export const hookEntriesEditor: Editor<HookEntriesEdit> = {
  install(before, edit) {
    const { spec, file, connectorId } = edit;
    // An agent definition is the host's own file: never made up by us (an agent without its tools).
    if (before === null && spec.agent) throw new HostConfigError(file, spec.agent.missing(file, agentOfFile(file)));
    const extras = (entry: { nativeEvent: string; event?: string; hostKeys?: Record<string, unknown> }) => ({
      ...spec.handlerExtras?.({ connectorId, event: entry.nativeEvent, ours: entry.event ?? entry.nativeEvent }),
      ...entry.hostKeys,
    });
    const layout = LAYOUTS[spec.layout];
    const isOurs = isOurCommand(edit.platform, connectorId, edit.invocations);
    const after = layout.install(before ?? "", file, spec, isOurs, edit.entries, extras);
    // Our entries are already there as they would be written: the bytes stay (a second install changes nothing).
    return { after: before !== null && sameButForPlace(layout, before, after, file, spec, isOurs) ? before : after, oursRemain: true };
  },
  uninstall(before, edit) {
    if (before === null) return { after: null, oursRemain: false, removed: 0 };
    const { spec, file } = edit;
    const layout = LAYOUTS[spec.layout];
    const { text, removed } = layout.remove(before, file, spec, isOurCommand(edit.platform, edit.connectorId, edit.invocations));
    if (!removed) return { after: before, oursRemain: layout.has(before, file, spec, isOurCommand(edit.platform, undefined, edit.invocations)), removed };
    const oursRemain = layout.has(text, file, spec, isOurCommand(edit.platform, undefined, edit.invocations));
    // A file that is ours alone (one per connector in a hooks directory) goes once it holds no hooks.
    const after = spec.owned && !layout.has(text, file, spec, () => true) ? null : text;
    return { after, oursRemain, removed };
  },
};
