import { defineConnector } from "agent-connector";

/** An example connector: keeps destructive shell commands away and tells the agent the house rules. */
export default defineConnector({
  id: "guard",
  hooks: {
    SessionStart: {
      handler: () => ({ decision: "context", additionalContext: "House rules: run the tests before you finish." }),
    },
    PreToolUse: {
      // Kinds, not names: every host calls its shell and file tools something else ("Bash",
      // "run_shell_command", "Shell", "execute_command"…); @shell and @write reach them all.
      matcher: "@shell|@write|@edit",
      handler: (event) => {
        const { kind, command = "", filePaths = [] } = event.tool;
        if (filePaths.some((path) => /(^|\/)\.env$/.test(path))) return { decision: "deny", reason: "Secrets live in .env: do not write it." };
        if (kind !== "shell") return undefined;
        if (/\brm\s+-rf\s+\/(\s|$)/.test(command)) return { decision: "deny", reason: `Refusing to run "${command}".` };
        if (command.startsWith("npm install ") && !command.includes("--ignore-scripts")) {
          // updatedTool: put back where this host keeps its command (a string, a list, `cmd`…).
          return { decision: "modify", updatedTool: { command: `${command} --ignore-scripts` } };
        }
      },
    },
    Stop: {
      handler: (event) => (event.stopHookActive ? undefined : { decision: "deny", reason: "Run the test suite once more before stopping." }),
    },
  },
});
