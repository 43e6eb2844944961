import { ConnectorConfigError } from "../config/errors.ts";
import { HostConfigError } from "../host-config/errors.ts";
import { EXIT } from "./_args.ts";
import { printJson, ui } from "./_output.ts";

export class UsageError extends Error {
  // The `kind` of the --json error document.
  override name = "UsageError";
}

/** A file another local user could change, refused (src/install/source-trust.ts). */
export class UntrustedError extends Error {
  override name = "UntrustedError";
}

/** A command that writes the machine's files, run without administrator rights (install --scope managed). */
export class AdminError extends Error {
  override name = "AdminError";
}

export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof UntrustedError) return EXIT.untrusted;
  if (error instanceof AdminError) return EXIT.needsAdmin;
  if (error instanceof ConnectorConfigError) return EXIT.connectorConfig;
  if (error instanceof HostConfigError) return EXIT.hostConfig;
  return EXIT.failure;
}

/** Ends a command with a clear message (or a JSON error document) and a meaningful exit code. */
export function fail(error: unknown, json: boolean): never {
  const message = error instanceof Error ? error.message : String(error);
  if (json) printJson({ ok: false, error: { kind: (error as Error)?.name ?? "Error", message } });
  else ui.error(message);
  process.exit(exitCodeFor(error));
}
