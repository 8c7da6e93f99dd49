/**
 * Runs `lanes` side by side over the indexes [0, count): each lane takes the next index left when
 * it is free, so a slow item holds up one lane, not the others. Lanes stop taking indexes once
 * `stop()` says so; the ones in flight finish. A lane handles its own failures.
 */
export async function runLanes(count: number, lanes: readonly ((index: number) => Promise<void>)[], stop: () => boolean = () => false): Promise<void> {
  let next = 0;
  await Promise.all(
    lanes.map(async (lane) => {
      while (next < count && !stop()) await lane(next++);
    }),
  );
}
