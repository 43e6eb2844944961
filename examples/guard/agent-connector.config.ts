import { defineConnector } from "agent-connector";

/** An example connector: keeps destructive shell commands away and tells the agent the house rules. */
export default defineConnector({
  id: "guard",
  hooks: {
    SessionStart: {
      handler: () => ({ decision: "context", additionalContext: "House rules: run the tests before you finish." }),
    },
    PreToolUse: {
      // Claude Code and Codex call the shell tool "Bash"; Gemini CLI and Qwen Code "run_shell_command".
      matcher: "Bash|run_shell_command|bash",
      handler: (event) => {
        const command = String(event.toolInput.command ?? "");
        if (/\brm\s+-rf\s+\/(\s|$)/.test(command)) return { decision: "deny", reason: `Refusing to run "${command}".` };
        if (command.startsWith("npm install ") && !command.includes("--ignore-scripts")) {
          return { decision: "modify", updatedInput: { ...event.toolInput, command: `${command} --ignore-scripts` } };
        }
      },
    },
    Stop: {
      handler: (event) => (event.stopHookActive ? undefined : { decision: "deny", reason: "Run the test suite once more before stopping." }),
    },
  },
});
