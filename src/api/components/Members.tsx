/** Members of classes, interfaces and object types shown as sections: methods, call signatures, the hierarchy. */
import { blockTags } from '../comment.js';
import { primaryComment } from '../model.js';
import { useCollector } from '../page-collector.js';
import type { JsonDeclaration, JsonSignature, JsonType } from '../reflection-kinds.js';
import { typeTokens } from '../type-tokens.js';
import { Heading } from './Heading.js';
import { SignatureBlock, SignatureDetails, useTypeContext } from './SignatureView.js';
import { Badge } from './Tables.js';
import { InlineType } from './Tokens.js';

export function Methods({ methods, title = 'Methods' }: { methods: JsonDeclaration[]; title?: string }) {
  if (!methods.length) return null;
  return (
    <section className="api-section">
      <Heading depth={2} text={title} />
      {methods.map((method) => (
        <section key={method.id} className="api-method">
          <MethodHeading method={method} />
          {(method.signatures ?? []).map((signature) => (
            <div key={signature.id} className="api-method-signature">
              <SignatureBlock signature={signature} />
              <SignatureDetails signature={signature} depth={4} />
            </div>
          ))}
        </section>
      ))}
    </section>
  );
}

function MethodHeading({ method }: { method: JsonDeclaration }) {
  const collector = useCollector();
  const anchor = collector.page.anchors.get(method.id);
  const text = `${method.name}()`;
  const flags = method.flags;
  // The member's id is fixed by the model (other pages link to it); list it in the table of contents.
  if (anchor) collector.headings.push({ depth: 3, id: anchor, text });
  return (
    <h3 id={anchor} className="anchor api-method-heading">
      <code>{text}</code>
      {flags.isStatic ? <Badge>static</Badge> : null}
      {flags.isAbstract ? <Badge>abstract</Badge> : null}
      {flags.isProtected ? <Badge>protected</Badge> : null}
      {flags.isInherited ? <Badge>inherited</Badge> : null}
      {flags.isOptional ? <Badge tone="info">optional</Badge> : null}
      {blockTags(primaryComment(method), '@deprecated').length ? <Badge tone="warn">deprecated</Badge> : null}
      <a className="hash-link" href={`#${anchor}`} aria-label={`Direct link to ${text}`}>
        #
      </a>
    </h3>
  );
}

export function Hierarchy({ reflection }: { reflection: JsonDeclaration }) {
  const ctx = useTypeContext();
  const rows: [string, readonly JsonType[] | undefined][] = [
    ['Extends', reflection.extendedTypes],
    ['Implements', reflection.implementedTypes],
    ['Extended by', reflection.extendedBy as JsonType[] | undefined],
    ['Implemented by', reflection.implementedBy as JsonType[] | undefined],
  ];
  const present = rows.filter(([, types]) => types?.length);
  if (!present.length) return null;
  return (
    <section className="api-section api-hierarchy">
      <Heading depth={2} text="Hierarchy" />
      <dl className="api-hierarchy-list">
        {present.map(([label, types]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              {types!.map((type, index) => (
                <span key={index}>
                  {index ? ', ' : null}
                  <InlineType tokens={typeTokens(type, ctx)} owner={reflection} />
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function CallSignatures({ signatures }: { signatures: readonly JsonSignature[] }) {
  return (
    <section className="api-section">
      <Heading depth={2} text={signatures.length > 1 ? 'Call signatures' : 'Call signature'} />
      {signatures.map((signature) => (
        <div key={signature.id}>
          <SignatureBlock signature={signature} name={false} />
          <SignatureDetails signature={signature} depth={3} />
        </div>
      ))}
    </section>
  );
}
