// The one place that says which Chromium folio's browser tests, benchmarks and screenshots drive,
// and how: Debian's /usr/bin/chromium (FOLIO_CHROMIUM to use another), headless, with nothing
// that reaches the network on its own. Plain JavaScript so bench/*.mjs can import it too.
export const CHROMIUM_PATH = process.env.FOLIO_CHROMIUM ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
