import type { Adapter } from "../../adapter.ts";

/**
 * What install and explain say of a host without a machine-wide hook file (no `managed` scope in
 * its adapter), and what an administrator can do instead.
 */
export const noManagedLayer = (adapter: Adapter): string =>
  `${adapter.name} has no machine-wide (managed) hook file: nothing is installed for it at managed scope. Instead, install the connector at user scope as each user (e.g. sudo -u <user> agent-connector install --platform ${adapter.id}; a user can remove it), or leave ${adapter.name} out.`;
