import type { Token } from '../type-tokens.js';
import { useCollector } from '../page-collector.js';
import type { JsonDeclaration, JsonSignature } from '../reflection-kinds.js';

type Owner = Pick<JsonDeclaration, 'sources'> | Pick<JsonSignature, 'sources'> | undefined;

/** Highlighted type tokens; references to documented exports are links. */
export function Tokens({ tokens, owner }: { tokens: readonly Token[]; owner?: Owner }) {
  const collector = useCollector();
  return (
    <>
      {tokens.map((token, index) => {
        const className = token.cls ? `tok-${token.cls}` : undefined;
        if (token.href) {
          return (
            <a key={index} className={`api-type-link${className ? ` ${className}` : ''}`} href={collector.href(token.href, owner)}>
              {token.text}
            </a>
          );
        }
        return className ? (
          <span key={index} className={className}>
            {token.text}
          </span>
        ) : (
          token.text
        );
      })}
    </>
  );
}

/** A type inline, as code. */
export function InlineType({ tokens, owner }: { tokens: readonly Token[]; owner?: Owner }) {
  return (
    <code className="api-type">
      <Tokens tokens={tokens} owner={owner} />
    </code>
  );
}

/** A declaration or signature as a code block (copyable, like highlighted code). */
export function CodeBlock({ tokens, owner }: { tokens: readonly Token[]; owner?: Owner }) {
  return (
    <div className="code-block language-ts api-signature">
      <pre className="api-code" tabIndex={0} data-language="ts">
        <code>
          <Tokens tokens={tokens} owner={owner} />
        </code>
      </pre>
      <button type="button" className="code-copy" aria-label="Copy code" data-copy="">
        Copy
      </button>
    </div>
  );
}
