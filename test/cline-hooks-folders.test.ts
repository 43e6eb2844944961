import { expect, setDefaultTimeout, test } from "bun:test";
import { sandbox, writeConfig } from "./support/harness.ts";

setDefaultTimeout(180_000);

/**
 * Issue 47 point 6: the Cline CLI runs ~/.cline/hooks (and the extension's folder too), the VS Code
 * extension only the Documents folder's Cline/Hooks and .clinerules/hooks (cline/cline
 * apps/vscode/src/core/storage/disk.ts). Install writes the CLI's folder and says which folders
 * the extension reads, and how to reach it.
 */
const NOTICE =
  "The Cline CLI runs hooks from ~/.cline/hooks; the VS Code extension does not: it reads your Documents folder's Cline/Hooks (~/Documents/Cline/Hooks; on Windows the Documents folder, on Linux the one `xdg-user-dir DOCUMENTS` names) and the project's .clinerules/hooks. For the extension, install with --scope project (.clinerules/hooks, which the CLI reads too).";

test("install and explain at user scope name the extension's folders; the project scope, which both read, says nothing of it", () => {
  const box = sandbox();
  const config = writeConfig(box, `{ id: "guard", hooks: { PreToolUse: { handler: () => undefined } } }`);
  const install = box.cli(["install", "--config", config, "--platform", "cline"]);
  expect(install.exitCode).toBe(0);
  expect(install.stderr).toContain(`[warn] ${NOTICE}\n`);
  const explain = box.cli(["explain", "--config", config, "--platform", "cline"]);
  expect(explain.stdout).toContain(`  cline: ${NOTICE}\n`);
  const project = box.cli(["install", "--config", config, "--platform", "cline", "--scope", "project", "--project-dir", box.project]);
  expect(project.exitCode).toBe(0);
  expect(project.stderr).not.toContain("VS Code extension");
});
