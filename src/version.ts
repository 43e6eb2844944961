import pkg from "../package.json" with { type: "json" };

/** Replaced by build/compile.ts (`bun build --define`) with the commit the binary was built from. */
declare const AGENT_CONNECTOR_COMMIT: string | undefined;

export const VERSION: string = pkg.version;

/** The git commit of the build ("-dirty" when the work tree had changes); "source" when run by bun from the repo. */
export const COMMIT: string = typeof AGENT_CONNECTOR_COMMIT === "string" ? AGENT_CONNECTOR_COMMIT : "source";

/** What `--version` prints: `upgrade` checks a new binary by this line (VERSION_LINE). */
export const versionLine = (): string => `agent-connector ${VERSION} (commit ${COMMIT}, ${process.platform}-${process.arch})`;

export const VERSION_LINE = /^agent-connector (\d+\.\d+\.\d+\S*) \(commit (\S+), (\S+)\)$/m;
