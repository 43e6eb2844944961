import type { Editor, FileEdit } from "./types.ts";
import { hookEntriesEditor } from "./hook-entries.ts";
import { pluginModuleEditor } from "./plugin-module.ts";
import { pluginFileEditor, pluginRegistrationEditor } from "./plugin-package.ts";
import { hookLauncherEditor } from "./hook-launcher.ts";
import { codexTrustEditor } from "./codex-trust.ts";
import { mcpServersEditor } from "./mcp-servers.ts";
import { hostLockEditor } from "./host-lock.ts";

/** Every kind of file edit, one implementation each. */
export const EDITORS: { [K in FileEdit["kind"]]: Editor<Extract<FileEdit, { kind: K }>> } = {
  "hook-entries": hookEntriesEditor,
  "hook-launcher": hookLauncherEditor,
  "plugin-module": pluginModuleEditor,
  "plugin-file": pluginFileEditor,
  "plugin-registration": pluginRegistrationEditor,
  "codex-trust": codexTrustEditor,
  "mcp-servers": mcpServersEditor,
  "host-lock": hostLockEditor,
};

export type { EditAction, FileEdit } from "./types.ts";
