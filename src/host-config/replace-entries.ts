import type { HookFileSpec } from "../adapter.ts";

/** One hook entry install writes: the native event, its matcher, our command line and its timeout. */
export interface HookEntry {
  nativeEvent: string;
  /** The event we run for it (normalized, or the native one): two may share a native event (Mistral Vibe's post_tool). */
  event?: string;
  matcher?: string;
  command: string;
  timeout: number;
  /** Keys the host reads to fail closed itself when our process cannot answer (adapter `hostFailClosed`). */
  hostKeys?: Record<string, unknown>;
}

/** Recognises the handlers we wrote, by their command line. */
export type IsOurs = (command: string) => boolean;

/** Keys the host needs on one entry beside ours (its own fail-closed keys), by entry. */
export type Extras = (e: HookEntry) => Record<string, unknown>;

/** A layout's way to take this connector's entries out of the file's text. */
export type RemoveEntries = (text: string, file: string, spec: HookFileSpec, isOurs: IsOurs) => { text: string; removed: number };

/** A layout's way to put entries in, once this connector's earlier ones are out. */
export type AddEntries = (text: string, file: string, spec: HookFileSpec, entries: HookEntry[], extras: Extras) => string;

/**
 * A layout's install: this connector's entries out, then `entries` in, so installing again
 * replaces them and never doubles them. Every layout starts the same way; only the adding differs.
 */
export const replaceEntries =
  (remove: RemoveEntries, add: AddEntries) =>
  (text: string, file: string, spec: HookFileSpec, isOurs: IsOurs, entries: HookEntry[], extras: Extras): string =>
    add(remove(text, file, spec, isOurs).text, file, spec, entries, extras);
