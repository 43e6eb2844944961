import { writeFileSync } from "node:fs";
import { MAX_WORKERS } from "./address.ts";
import {
  areaOf,
  BOARD_BYTES,
  keepBegun,
  keepProvisional,
  ROWS_BYTES,
  writableArea,
  type Area,
  type CallKey,
  type Printed,
  type Provisional,
} from "./provisional.ts";

/**
 * Where each worker shows its state to the daemon: a small file next to the daemon's socket,
 * mapped shared (MAP_SHARED, Bun.mmap) by the daemon and by every worker. A worker changes its
 * state with stores into that memory: no system call, no message, no wake-up of the daemon on the
 * call's path (a message per call measured ≈0.1 ms more per call on two cores). The daemon reads
 * the board when it decides something (status, a call that found no idle worker, a caller that gave
 * up, its tick). One row of numbers per slot, each 8 bytes wide (a float64 store is atomic on the
 * machines we build for).
 */
export const STARTING = 0;
export const IDLE = 1;
/** Busy on the board (a number); not the `retry: "busy"` a worker answers a second caller with (src/daemon/address.ts). */
export const BUSY_CODE = 2;
export const LEAVING = 3;
export type WorkerStateCode = typeof STARTING | typeof IDLE | typeof BUSY_CODE | typeof LEAVING;

const STATE = 0;
/** When the state began (epoch ms). */
const SINCE = 1;
/** Calls answered by the slot's current worker. */
const CALLS = 2;
/** When its last call was taken (epoch ms). */
const LAST = 3;
const ROW = 4;

export interface Board {
  state(slot: number): WorkerStateCode;
  since(slot: number): number;
  calls(slot: number): number;
  last(slot: number): number;
  /** The worker in `slot` is now in `state`, since `at`. */
  set(slot: number, state: WorkerStateCode, at: number): void;
  /** The worker in `slot` took a call at `at`. */
  took(slot: number, at: number): void;
  /** The worker in `slot` answered a call. */
  answered(slot: number): void;
  /** A new worker is about to start in `slot`. */
  reset(slot: number): void;
  /** The call `key` begins; what user code prints on stderr during it starts at `printed` (provisional.ts). */
  began(slot: number, key: CallKey, printed: Printed | undefined): void;
  /** The reply of the call `key` is made (provisional.ts). */
  provisional(slot: number, key: CallKey, reply: Provisional): void;
}

/** The daemon makes the board (0600, every row zero: starting) before it starts a worker. */
export function createBoard(path: string): Board {
  writeFileSync(path, new Uint8Array(BOARD_BYTES), { mode: 0o600 });
  return openBoard(path)!;
}

/** A worker maps the daemon's board; undefined when there is none (a worker started by hand): it then shows nothing. */
export function openBoard(path: string): Board | undefined {
  let cells: Float64Array;
  let bytes: Uint8Array;
  try {
    bytes = Bun.mmap(path, { shared: true });
    if (bytes.byteLength < BOARD_BYTES || ROWS_BYTES !== MAX_WORKERS * ROW * 8) return undefined;
    cells = new Float64Array(bytes.buffer, bytes.byteOffset, MAX_WORKERS * ROW);
  } catch {
    return undefined;
  }
  const at = (slot: number, field: number) => slot * ROW + field;
  const areas: (Area | undefined)[] = [];
  return {
    state: (slot) => cells[at(slot, STATE)]! as WorkerStateCode,
    since: (slot) => cells[at(slot, SINCE)]!,
    calls: (slot) => cells[at(slot, CALLS)]!,
    last: (slot) => cells[at(slot, LAST)]!,
    set(slot, state, time) {
      // `since` first: a reader that sees the new state sees when it began.
      cells[at(slot, SINCE)] = time;
      cells[at(slot, STATE)] = state;
    },
    took(slot, time) {
      cells[at(slot, LAST)] = time;
      cells[at(slot, SINCE)] = time;
      cells[at(slot, STATE)] = BUSY_CODE;
    },
    answered(slot) {
      cells[at(slot, CALLS)]!++;
    },
    reset(slot) {
      cells.fill(0, slot * ROW, (slot + 1) * ROW);
    },
    began(slot, key, printed) {
      const area = (areas[slot] ??= writableArea(areaOf(bytes, slot)));
      if (area) keepBegun(area, key, printed);
    },
    provisional(slot, key, reply) {
      const area = (areas[slot] ??= writableArea(areaOf(bytes, slot)));
      if (area) keepProvisional(area, key, reply);
    },
  };
}
