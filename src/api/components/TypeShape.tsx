/** The properties and signatures of an object or function type (type aliases and variables), and unions of object types. */
import { Kind, type JsonDeclaration, type JsonType } from '../reflection-kinds.js';
import { Heading } from './Heading.js';
import { CallSignatures, Methods } from './Members.js';
import { SignatureDetails } from './SignatureView.js';
import { MembersTable } from './Tables.js';

/** For a union of object types: the property every variant fixes to a literal (`inputType: "asyncapi"`). */
function variantTitles(variants: JsonDeclaration[]): string[] {
  const first = variants[0]?.children ?? [];
  for (const candidate of first) {
    const titles = variants.map((variant) => {
      const member = variant.children?.find((child) => child.name === candidate.name);
      return member?.type?.type === 'literal' ? `${candidate.name}: ${JSON.stringify(member.type.value)}` : undefined;
    });
    if (titles.every(Boolean) && new Set(titles).size === titles.length) return titles as string[];
  }
  return variants.map((_, index) => `Variant ${index + 1}`);
}

/** Properties and signatures of an object or function type (type aliases and variables). */
export function TypeShape({ reflection, type }: { reflection: JsonDeclaration; type: JsonType | undefined }) {
  if (reflection.children?.length || reflection.indexSignatures?.length) {
    return (
      <section className="api-section">
        <Heading depth={2} text="Properties" />
        <MembersTable members={reflection.children ?? []} indexSignatures={reflection.indexSignatures} />
      </section>
    );
  }
  if (type?.type === 'reflection') {
    const declaration = type.declaration;
    const methods = (declaration.children ?? []).filter((child) => child.kind === Kind.Method);
    const properties = (declaration.children ?? []).filter((child) => child.kind !== Kind.Method);
    const signatures = declaration.signatures ?? [];
    return (
      <>
        {signatures.length === 1 && !properties.length && !methods.length ? (
          <SignatureDetails signature={signatures[0]} depth={2} showSummary={false} />
        ) : signatures.length ? (
          <CallSignatures signatures={signatures} />
        ) : null}
        {properties.length || declaration.indexSignatures?.length ? (
          <section className="api-section">
            <Heading depth={2} text="Properties" />
            <MembersTable members={properties} indexSignatures={declaration.indexSignatures} />
          </section>
        ) : null}
        <Methods methods={methods} />
      </>
    );
  }
  if (type?.type === 'union' || type?.type === 'intersection') {
    const variants = type.types.flatMap((member) => (member.type === 'reflection' && member.declaration.children?.length ? [member.declaration] : []));
    if (!variants.length) return null;
    const titles = variantTitles(variants);
    return (
      <>
        {variants.map((variant, index) => (
          <section key={variant.id} className="api-section api-variant">
            <Heading depth={2} text={type.type === 'union' ? titles[index] : 'Properties'}>
              {type.type === 'union' ? <code>{titles[index]}</code> : undefined}
            </Heading>
            <MembersTable members={variant.children ?? []} indexSignatures={variant.indexSignatures} />
          </section>
        ))}
      </>
    );
  }
  return null;
}
