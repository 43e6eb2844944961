import { isCompiled } from "../install/self/location.ts";
import { renderInvocation, SHELLS } from "../install/shells.ts";
import { adminProblem, deployManaged, UnsafeManagedFolder, type Deployed } from "../install/managed/deploy.ts";
import { managedBinary, managedSnapshot } from "../install/managed/layout.ts";
import { AdminError, UntrustedError, UsageError } from "./_fail.ts";

/**
 * What a managed install writes its hook commands with: the system copy of the binary and the
 * connector's snapshot beside it (src/install/managed/layout.ts), never this binary's own path or
 * the config's: those may sit in a user's home or a temporary folder.
 */
export interface ManagedTarget {
  /** The binary this run copies (the one running, or $AGENT_CONNECTOR_BIN). */
  binarySource: string;
  binary: string;
  snapshot: string;
  /** The managed binary's invocation in every shell's spelling: entries it starts are ours. */
  invocations: string[];
}

/** Checked before anything is written: administrator rights (a dry run needs none) and a binary to copy. */
export function managedTarget(connectorId: string, dryRun: boolean): ManagedTarget {
  const admin = adminProblem();
  if (admin && !dryRun) throw new AdminError(admin);
  const binarySource = process.env.AGENT_CONNECTOR_BIN || (isCompiled() ? process.execPath : undefined);
  if (!binarySource)
    throw new UsageError(
      "--scope managed copies the compiled agent-connector binary to a system folder, and this is the source checkout: build it (bun run build) and run dist/agent-connector install --scope managed",
    );
  const binary = managedBinary();
  const invocations = SHELLS.flatMap((shell) => {
    try {
      return [renderInvocation([binary], shell)];
    } catch {
      return [];
    }
  });
  return { binarySource, binary, snapshot: managedSnapshot(connectorId), invocations };
}

/** Copies the binary and the snapshot into place (after compileConnector made the snapshot, or the one install --snapshot read). */
export function deploy(connectorId: string, target: ManagedTarget, prebuilt?: Parameters<typeof deployManaged>[3]): { binary: Deployed; snapshot: Deployed } {
  try {
    return deployManaged(connectorId, target.binarySource, process.env, prebuilt);
  } catch (error) {
    if (error instanceof UnsafeManagedFolder) throw new UntrustedError(error.message);
    throw error;
  }
}
