// Compiles folio (dist/) once before the suite, so CLI tests run the current source.
import { buildSelf } from '../../scripts/build-self.mjs';

export default async function setup(): Promise<void> {
  await buildSelf();
}
