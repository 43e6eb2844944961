/**
 * Why a host's tool is of no portable kind (not a shell, read, write, edit, search, fetch or task):
 * each name in an adapter's `tools.other` carries one of these, or a reason of its own. A tool that
 * runs a command, a script or code, or writes into a running process, is a shell, never `other`.
 */
export const WHY = {
  asks: "asks the user a question; runs nothing",
  plan: "keeps the agent's plan, todo list or goal",
  skill: "loads or manages a skill (instructions for the model)",
  mcp: "lists or reads MCP resources or servers; calls no tool",
  toolSearch: "finds more tools to offer the model",
  browser: "drives a browser page (navigation, clicks, typing)",
  media: "makes or looks at an image, audio or video",
  memory: "the agent's own memory store",
  schedule: "schedules a prompt for later; runs no command",
  lsp: "asks the language server or the editor's diagnostics",
  agents: "talks to a subagent, a teammate or another session",
  worktree: "switches the session's git worktree",
  turn: "ends, pauses or steers the agent's own turn or mode",
  jobOutput: "reads a running command's output or state; runs nothing",
  jobStop: "stops a running command; runs nothing new",
  hostInfo: "reads the host's own docs, settings or state",
  remote: "calls a hosted service's API (code host, tracker, docs), not a shell",
  desktop: "drives the desktop's pointer, keyboard or windows",
  review: "reviews or shows changes; writes nothing",
  slashCommand: "expands a slash command into a prompt; what it then runs is its own call",
  workflow: "starts a scripted workflow of subagents; each step's tool calls are their own",
} as const;
