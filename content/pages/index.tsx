import type { JSX, ReactNode } from 'react';
import './home.css';

export const meta = {
  title: 'Next-gen code generator',
  description:
    'Generate typed TypeScript payloads, parameters, headers, channels and clients from AsyncAPI and OpenAPI documents for NATS, Kafka, MQTT, AMQP and HTTP.',
};

/* ------------------------------------------------------------------------ */
/* Small building blocks                                                    */
/* ------------------------------------------------------------------------ */

type IconName = 'payloads' | 'parameters' | 'headers' | 'types' | 'channels' | 'client' | 'rocket' | 'target' | 'heart' | 'arrow';

// 24x24 line icons, drawn for this page. Stroke follows the text colour.
const ICON_PATHS: Record<IconName, string> = {
  payloads: 'M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3z M4 7.5l8 4.5 8-4.5 M12 12v9',
  parameters:
    'M8 4C6 4 5.5 5 5.5 6.5v3C5.5 11 4.8 12 3.5 12c1.3 0 2 1 2 2.5v3C5.5 19 6 20 8 20 M16 4c2 0 2.5 1 2.5 2.5v3c0 1.5.7 2.5 2 2.5-1.3 0-2 1-2 2.5v3c0 1.5-.5 2.5-2.5 2.5 M10 12h4',
  headers: 'M3.5 4.5h7.5l9.5 9.5-7 7-9.5-9.5V4.5z M8 9h.01',
  types: 'M4 5h16 M12 5v14 M8 19h8',
  channels: 'M4 8h14 M14 4l4 4-4 4 M20 16H6 M10 12l-4 4 4 4',
  client: 'M3.5 5.5h17v11h-17z M8 20h8 M12 16.5V20 M7 9.5l2.5 1.5L7 12.5 M11.5 13h4',
  rocket:
    'M5 15c-1.5 1.5-2 4-2 6 2 0 4.5-.5 6-2 M9 15l-2.5-2.5C8.5 7 13 4 20 4c0 7-3 11.5-8.5 13.5L9 15z M14.5 9.5h.01 M6.5 12.5H3l2.5-3.5h4 M11.5 17.5V21l3.5-2.5v-4',
  target: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z M12 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  heart: 'M12 20s-7.5-4.4-7.5-10A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 7.5 3c0 5.6-7.5 10-7.5 10z',
  arrow: 'M5 12h14 M13 6l6 6-6 6',
};

function Icon({ name, className }: { name: IconName; className?: string }): JSX.Element {
  return (
    <svg
      className={className ?? 'home-icon'}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

// The brand mark (same drawing as /img/logo.svg), inlined so it needs no request.
function LogoMark({ size }: { size: number }): JSX.Element {
  return (
    <svg className="home-logo" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="60" height="60" rx="14" fill="#2e8555" />
      <path d="M22 19 L11 32 L22 45 M42 19 L53 32 L42 45" fill="none" stroke="#ffffff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M32 21 C33 28.5 35.5 31 43 32 C35.5 33 33 35.5 32 43 C31 35.5 28.5 33 21 32 C28.5 31 31 28.5 32 21 Z" fill="#ffd866" />
    </svg>
  );
}

/**
 * Renders hand-highlighted source. Highlighted runs are written inline as
 * «x|text», where x picks the token class (home-tok-x):
 * k keyword, s string, c comment, f function, t type/class, p property, n number.
 */
function highlight(source: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /«([a-z])\|([^»]*)»/g;
  let last = 0;
  let key = 0;
  for (let match = pattern.exec(source); match !== null; match = pattern.exec(source)) {
    if (match.index > last) out.push(source.slice(last, match.index));
    out.push(
      <span key={key++} className={`home-tok-${match[1]}`}>
        {match[2]}
      </span>,
    );
    last = pattern.lastIndex;
  }
  if (last < source.length) out.push(source.slice(last));
  return out;
}

function CodePane({ file, lang, source }: { file: string; lang: string; source: string }): JSX.Element {
  return (
    <figure className="home-pane">
      <figcaption className="home-pane-head">
        <span className="home-pane-dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="home-pane-file">{file}</span>
        <span className="home-pane-lang">{lang}</span>
      </figcaption>
      <pre className="home-pane-code" tabIndex={0}>
        <code>{highlight(source)}</code>
      </pre>
    </figure>
  );
}

/* ------------------------------------------------------------------------ */
/* Content                                                                  */
/* ------------------------------------------------------------------------ */

const GENERATORS: { icon: IconName; name: string; href: string; text: ReactNode }[] = [
  {
    icon: 'payloads',
    name: 'Payloads',
    href: '/docs/generators/payloads',
    text: 'A class per message with JSON marshalling and built-in Ajv validation, so bad data is caught at the edge.',
  },
  {
    icon: 'parameters',
    name: 'Parameters',
    href: '/docs/generators/parameters',
    text: (
      <>
        Typed channel and path parameters that fill in addresses such as <code>{'orders.{region}.placed'}</code> and parse them back.
      </>
    ),
  },
  {
    icon: 'headers',
    name: 'Headers',
    href: '/docs/generators/headers',
    text: 'Models for message and request headers, with the same validation helpers as payloads.',
  },
  {
    icon: 'types',
    name: 'Types',
    href: '/docs/generators/types',
    text: 'Unions of every topic, channel ID, path and operation ID, plus converters between them.',
  },
  {
    icon: 'channels',
    name: 'Channels',
    href: '/docs/generators/channels',
    text: 'Ready-to-call publish, subscribe, request and reply functions for each operation and protocol.',
  },
  {
    icon: 'client',
    name: 'Client',
    href: '/docs/generators/client',
    text: (
      <>
        A <code>NatsClient</code> class that owns the connection and exposes every channel function in one place.
      </>
    ),
  },
];

const INPUTS: { name: string; href: string; versions: string; note: string }[] = [
  {
    name: 'AsyncAPI',
    href: '/docs/inputs/asyncapi',
    versions: '2.0 – 3.0',
    note: 'All generators, including channels and client',
  },
  {
    name: 'OpenAPI',
    href: '/docs/inputs/openapi',
    versions: '2.0 · 3.0 · 3.1',
    note: 'Payloads, parameters, headers and types',
  },
];

const PROTOCOLS: { name: string; href: string; note: string }[] = [
  { name: 'NATS', href: '/docs/protocols/nats', note: 'Core, request/reply, JetStream' },
  { name: 'Kafka', href: '/docs/protocols/kafka', note: 'Produce and consume' },
  { name: 'MQTT', href: '/docs/protocols/mqtt', note: 'Publish' },
  { name: 'AMQP', href: '/docs/protocols/amqp', note: 'Exchanges and queues' },
  { name: 'EventSource', href: '/docs/protocols/eventsource', note: 'Fetch client, Express server' },
  { name: 'HTTP client', href: '/docs/protocols/http_client', note: 'Typed requests with auth' },
];

const CONFIG_SOURCE = `«k|export default» {
  «p|inputType»: «s|'asyncapi'»,
  «p|inputPath»: «s|'./asyncapi/orders.yaml'»,
  «p|language»: «s|'typescript'»,
  «p|generators»: [
    «c|// each writes to src/__gen__/<preset>»
    «c|// unless you set outputPath»
    { «p|preset»: «s|'payloads'» },
    { «p|preset»: «s|'parameters'» },
    {
      «p|preset»: «s|'channels'»,
      «p|protocols»: [«s|'nats'»],
    },
  ],
};`;

const APP_SOURCE = `«k|import» { «f|connect» } «k|from» «s|'nats'»;
«k|import» { «t|Protocols» } «k|from» «s|'./__gen__/channels'»;
«k|import» { «t|OrderPlaced» } «k|from» «s|'./__gen__/payloads/OrderPlaced'»;
«k|import» { «t|OrderPlacedParameters» }
  «k|from» «s|'./__gen__/parameters/OrderPlacedParameters'»;

«k|const» «p|nc» = «k|await» «f|connect»({ «p|servers»: «s|'localhost:4222'» });
«k|const» { «p|nats» } = «t|Protocols»;

«c|// Typed from orders.yaml: a typo here fails the build.»
«k|const» «p|message» = «k|new» «t|OrderPlaced»({
  «p|orderId»: «s|'ord_1042'»,
  «p|totalCents»: «n|4999»,
});

«k|await» «p|nats».«f|publishToOrderPlaced»({
  «p|message»,
  «c|// orders.{region}.placed becomes orders.eu.placed»
  «p|parameters»: «k|new» «t|OrderPlacedParameters»({ «p|region»: «s|'eu'» }),
  «p|nc»,
});`;

const VALUES: { icon: IconName; title: string; body: ReactNode }[] = [
  {
    icon: 'rocket',
    title: 'Up and running in minutes',
    body: (
      <>
        Install one dev dependency, let <code>codegen init</code> write the config, and run <code>codegen generate</code>. Config files can be JSON, YAML,
        JavaScript or TypeScript.
      </>
    ),
  },
  {
    icon: 'target',
    title: 'Time goes to business logic',
    body: (
      <>
        Stop hand-writing DTOs, topic strings and serializers for every service. Change the spec, regenerate, and let the compiler point at every call site that
        needs attention.
      </>
    ),
  },
  {
    icon: 'heart',
    title: 'Open source, Apache-2.0',
    body: (
      <>
        Free to use at work, to fork and to extend with your own custom generators. Issues, ideas and pull requests are welcome on{' '}
        <a className="home-inline-link" href="https://github.com/the-codegen-project/cli">
          GitHub
        </a>
        .
      </>
    ),
  },
];

/* ------------------------------------------------------------------------ */
/* Page                                                                     */
/* ------------------------------------------------------------------------ */

export default function Home(): JSX.Element {
  return (
    <div className="home-page">
      {/* Hero */}
      <section className="home-hero" aria-labelledby="home-title">
        <div className="home-container home-hero-grid">
          <div className="home-hero-copy">
            <p className="home-eyebrow">
              <span className="home-eyebrow-dot" aria-hidden="true" />
              Open-source CLI for AsyncAPI and OpenAPI
            </p>
            <h1 id="home-title" className="home-title">
              The Codegen Project
            </h1>
            <p className="home-tagline">Next-gen code generator</p>
            <p className="home-pitch">
              Describe your messages once and get typed TypeScript models, validators and ready-to-call protocol functions, so your services speak the same
              contract from the first commit.
            </p>
            <div className="home-actions">
              <a className="home-btn home-btn-primary" href="/docs/getting-started">
                Get started - 5 min{' '}
                <span aria-hidden="true" className="home-btn-emoji">
                  ⏱️
                </span>
              </a>
              <a className="home-btn home-btn-secondary" href="/docs/">
                Read the documentation
              </a>
            </div>
            <ul className="home-facts">
              <li>TypeScript output</li>
              <li>6 protocols</li>
              <li>Apache-2.0</li>
            </ul>
          </div>

          <figure className="home-term">
            <figcaption className="home-term-head">
              <span className="home-pane-dots" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
              <span className="home-term-title">Three commands to typed code</span>
            </figcaption>
            <pre className="home-term-body" tabIndex={0}>
              <code>
                <span className="home-term-note"># add the CLI to your project</span>
                {'\n'}
                <span className="home-term-prompt" aria-hidden="true">
                  ${' '}
                </span>
                npm i -D @the-codegen-project/cli
                {'\n\n'}
                <span className="home-term-note"># answer a few questions, get a config file</span>
                {'\n'}
                <span className="home-term-prompt" aria-hidden="true">
                  ${' '}
                </span>
                npx codegen init
                {'\n\n'}
                <span className="home-term-note"># write the code</span>
                {'\n'}
                <span className="home-term-prompt" aria-hidden="true">
                  ${' '}
                </span>
                npx codegen generate
              </code>
            </pre>
            <div className="home-term-foot" aria-hidden="true">
              <LogoMark size={22} />
              <span>payloads</span>
              <span>parameters</span>
              <span>headers</span>
              <span>types</span>
              <span>channels</span>
              <span>client</span>
            </div>
          </figure>
        </div>
      </section>

      {/* What it generates */}
      <section className="home-section home-section-soft" aria-labelledby="home-generators">
        <div className="home-container">
          <div className="home-section-head">
            <p className="home-kicker">Generators</p>
            <h2 id="home-generators" className="home-h2">
              What it generates
            </h2>
            <p className="home-lead">
              Pick the generators you need in one config file. Each writes readable TypeScript into your source tree that you can commit, review and step
              through in a debugger.
            </p>
          </div>
          <ul className="home-cards">
            {GENERATORS.map((g) => (
              <li key={g.name} className="home-card">
                <span className="home-card-icon">
                  <Icon name={g.icon} />
                </span>
                <h3 className="home-card-title">
                  <a className="home-card-link" href={g.href}>
                    {g.name}
                  </a>
                </h3>
                <p className="home-card-text">{g.text}</p>
                <span className="home-card-more" aria-hidden="true">
                  Read the docs <Icon name="arrow" className="home-icon-sm" />
                </span>
              </li>
            ))}
          </ul>
          <p className="home-aside">
            Need a file nobody else needs? A <a href="/docs/generators/custom">custom generator</a> runs your own render function with the parsed document and
            the output of any generator it depends on.
          </p>
        </div>
      </section>

      {/* From inputs to protocols */}
      <section className="home-section" aria-labelledby="home-flow">
        <div className="home-container">
          <div className="home-section-head">
            <p className="home-kicker">Inputs and protocols</p>
            <h2 id="home-flow" className="home-h2">
              From inputs to protocols
            </h2>
            <p className="home-lead">
              Start from the API description you already have. AsyncAPI documents drive the protocol functions; OpenAPI documents get models, parameters,
              headers and types.
            </p>
          </div>

          <div className="home-flow">
            <div className="home-flow-col">
              <h3 className="home-flow-label">Inputs</h3>
              <ul className="home-flow-list">
                {INPUTS.map((input) => (
                  <li key={input.name} className="home-chip-card">
                    <a className="home-chip-link" href={input.href}>
                      {input.name}
                    </a>
                    <span className="home-chip-meta">{input.versions}</span>
                    <span className="home-chip-note">{input.note}</span>
                  </li>
                ))}
              </ul>
            </div>

            <div className="home-flow-hub" aria-hidden="true">
              <span className="home-flow-line" />
              <span className="home-flow-core">
                <LogoMark size={44} />
                <span className="home-flow-cmd">codegen generate</span>
              </span>
              <span className="home-flow-line" />
            </div>

            <div className="home-flow-col home-flow-col-wide">
              <h3 className="home-flow-label">Protocols</h3>
              <ul className="home-flow-list home-flow-grid">
                {PROTOCOLS.map((p) => (
                  <li key={p.name} className="home-chip-card">
                    <a className="home-chip-link" href={p.href}>
                      {p.name}
                    </a>
                    <span className="home-chip-note">{p.note}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      {/* Config to code */}
      <section className="home-section home-section-soft" aria-labelledby="home-example">
        <div className="home-container">
          <div className="home-section-head">
            <p className="home-kicker">Example</p>
            <h2 id="home-example" className="home-h2">
              A config file in, typed code out
            </h2>
            <p className="home-lead">
              This order service describes an <code>orderPlaced</code> operation on the channel <code>{'orders.{region}.placed'}</code> in{' '}
              <code>orders.yaml</code>. Three generators later, publishing an order is one checked function call.
            </p>
          </div>
          <div className="home-example">
            <CodePane file="codegen.config.mjs" lang="JavaScript" source={CONFIG_SOURCE} />
            <div className="home-example-arrow" aria-hidden="true">
              <span className="home-example-cmd">codegen generate</span>
              <Icon name="arrow" className="home-icon-lg" />
            </div>
            <CodePane file="src/publish-order.ts" lang="TypeScript" source={APP_SOURCE} />
          </div>
        </div>
      </section>

      {/* Value points */}
      <section className="home-section" aria-labelledby="home-why">
        <div className="home-container">
          <div className="home-section-head">
            <p className="home-kicker">Why use it</p>
            <h2 id="home-why" className="home-h2">
              Less glue code, more product
            </h2>
          </div>
          <ul className="home-values">
            {VALUES.map((v) => (
              <li key={v.title} className="home-value">
                <span className="home-value-icon">
                  <Icon name={v.icon} />
                </span>
                <h3 className="home-value-title">{v.title}</h3>
                <p className="home-value-text">{v.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Closing call to action */}
      <section className="home-section home-section-cta" aria-labelledby="home-cta">
        <div className="home-container">
          <div className="home-cta">
            <LogoMark size={56} />
            <h2 id="home-cta" className="home-cta-title">
              Generate your first typed client today
            </h2>
            <p className="home-cta-text">
              The documentation walks through installing, configuring and wiring the output into your app. The blog covers each generator in depth, with full
              worked examples.
            </p>
            <div className="home-actions home-actions-center">
              <a className="home-btn home-btn-primary" href="/docs/">
                Read the documentation
              </a>
              <a className="home-btn home-btn-secondary" href="/blog">
                Visit the blog
              </a>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
