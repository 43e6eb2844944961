/** The authoring API, imported by connector configs as `agent-connector`. */
export { defineConnector } from "./config/define.ts";
export { EVENT_NAMES } from "./events.ts";
export type {
  AnswerField,
  BaseEvent,
  ConnectorConfig,
  Decision,
  EventName,
  EventPayloadMap,
  HandlerResult,
  HookDefinition,
  HookResponse,
  HooksConfig,
  HostAbilities,
  HostView,
  NativeHookDefinition,
  OnFailure,
  PlatformOptions,
} from "./events.ts";
export type { ToolKind, ToolView, UpdatedTool } from "./tools/portable.ts";
export type { McpServer, McpStdioServer, McpRemoteServer } from "./mcp-servers.ts";
