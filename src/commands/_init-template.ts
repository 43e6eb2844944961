/** What `agent-connector init` writes as agent-connector.config.ts: one example per decision. */
export const configTemplate = (id: string): string => `import { defineConnector } from "agent-connector";

// A connector: hooks written once, run by every host you install it into
// (agent-connector install; agent-connector explain shows what each host makes of it).
// A handler gets the normalized event and returns a decision, or nothing: no opinion,
// the host's normal flow. Try one without a host: agent-connector simulate claude-code PreToolUse
export default defineConnector({
  id: ${JSON.stringify(id)},
  // Seconds a host waits for one hook call (the handler gets one less).
  timeout: 30,
  hooks: {
    PreToolUse: {
      // @shell is the shell tool on every host, whatever it is called there ("Bash", "bash",
      // "Shell", "run_shell_command"…); a regular expression matches tool names (the whole name).
      matcher: "@shell",
      handler: (event) => {
        // event.tool: the call in portable words (kind, command, filePaths…); toolInput: the host's own.
        const command = event.tool.command ?? "";
        // deny: the tool does not run; the reason goes to the model.
        if (/\\brm\\s+-rf\\s+\\//.test(command)) return { decision: "deny", reason: "Refusing to delete the file system." };
        // ask: the user decides (hosts without a prompt use their own permission flow).
        if (/\\bgit\\s+push\\b/.test(command)) return { decision: "ask", reason: "This pushes to a remote." };
        // modify: the tool runs with this input instead.
        if (command === "npm test") return { decision: "modify", updatedTool: { command: "npm test --silent" } };
        // allow: approved without asking, where the host supports it.
        if (/^ls\\b/.test(command)) return { decision: "allow" };
        return undefined;
      },
    },
    // context: text added to the model's context.
    SessionStart: { handler: () => ({ decision: "context", additionalContext: "House rules: run the tests before you finish." }) },
    // updatedOutput: the model sees this instead of the tool's output (hosts that cannot, get it as context).
    PostToolUse: {
      matcher: "@read",
      handler: (event) => (String(event.toolOutput ?? "").includes("BEGIN PRIVATE KEY") ? { updatedOutput: "[a private key, redacted by a hook]" } : undefined),
    },
    // deny on Stop: the agent keeps going, with the reason as its next instruction.
    Stop: { handler: (event) => (event.stopHookActive ? undefined : { decision: "deny", reason: "Run the tests before you finish." }) },
  },
});
`;
