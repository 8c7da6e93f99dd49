// Types of the helpers of bench/lib.mjs that the tests import.
export interface Timed {
  wall: number;
  cpu: number | undefined;
  rssMb: number | undefined;
  stdout: string;
  stderr: string;
}
export function timed(command: string, args: string[], options?: import('node:child_process').SpawnSyncOptions): Timed;
export function median(values: number[]): number;
