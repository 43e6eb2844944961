import { codexTrust } from "../../host-config/codex-trust.ts";
import { isOurCommand } from "../command-line.ts";
import type { CodexTrustEdit, EditedFiles, EditOutcome, Editor } from "./types.ts";

/** Codex's trust follows hooks.json, whatever the action: it is computed from that file's new text. */
function trust(before: string | null, edit: CodexTrustEdit, files: EditedFiles): EditOutcome {
  const change = codexTrust(edit.file, before, edit.hookFile, {
    paths: edit.paths,
    scope: edit.scope,
    before: files.before(edit.hookFile) ?? null,
    after: files.after(edit.hookFile) ?? null,
    isOurs: isOurCommand(edit.platform, undefined, edit.invocations),
    dryRun: files.dryRun,
  });
  return change;
}

export const codexTrustEditor: Editor<CodexTrustEdit> = { install: trust, uninstall: trust };
