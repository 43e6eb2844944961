/** The agent an agent-definition file defines, by its name: `cli-agents/reviewer.json` → `reviewer`. */
export const agentOfFile = (file: string): string => file.replace(/^.*[\\/]/, "").replace(/\.json$/, "");
