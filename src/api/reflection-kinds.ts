/**
 * typedoc's reflection kinds (the numeric ReflectionKind values of its JSON
 * output) and the page groups folio files exports under. Kept here so that
 * reading a cached model never loads typedoc itself.
 */
import type { JSONOutput } from 'typedoc';

export const Kind = {
  Project: 0x1,
  Module: 0x2,
  Namespace: 0x4,
  Enum: 0x8,
  EnumMember: 0x10,
  Variable: 0x20,
  Function: 0x40,
  Class: 0x80,
  Interface: 0x100,
  Constructor: 0x200,
  Property: 0x400,
  Method: 0x800,
  CallSignature: 0x1000,
  IndexSignature: 0x2000,
  ConstructorSignature: 0x4000,
  Parameter: 0x8000,
  TypeLiteral: 0x10000,
  TypeParameter: 0x20000,
  Accessor: 0x40000,
  GetSignature: 0x80000,
  SetSignature: 0x100000,
  TypeAlias: 0x200000,
  Reference: 0x400000,
  Document: 0x800000,
} as const;

export interface ApiGroup {
  /** URL segment: `functions`, `type-aliases`… */
  slug: string;
  /** Plural heading: `Functions`. */
  title: string;
  /** Singular label shown on a page: `Function`. */
  singular: string;
  kind: number;
}

/** Groups in the order the index and the sidebar list them. */
export const GROUPS: readonly ApiGroup[] = [
  { slug: 'modules', title: 'Modules', singular: 'Module', kind: Kind.Module },
  { slug: 'namespaces', title: 'Namespaces', singular: 'Namespace', kind: Kind.Namespace },
  { slug: 'classes', title: 'Classes', singular: 'Class', kind: Kind.Class },
  { slug: 'enumerations', title: 'Enumerations', singular: 'Enumeration', kind: Kind.Enum },
  { slug: 'functions', title: 'Functions', singular: 'Function', kind: Kind.Function },
  { slug: 'interfaces', title: 'Interfaces', singular: 'Interface', kind: Kind.Interface },
  { slug: 'type-aliases', title: 'Type Aliases', singular: 'Type alias', kind: Kind.TypeAlias },
  { slug: 'variables', title: 'Variables', singular: 'Variable', kind: Kind.Variable },
];

export function groupOf(kind: number): ApiGroup | undefined {
  return GROUPS.find((group) => group.kind === kind);
}

export type JsonProject = JSONOutput.ProjectReflection;
export type JsonDeclaration = JSONOutput.DeclarationReflection;
export type JsonSignature = JSONOutput.SignatureReflection;
export type JsonParameter = JSONOutput.ParameterReflection;
export type JsonTypeParameter = JSONOutput.TypeParameterReflection;
export type JsonType = JSONOutput.SomeType;
export type JsonComment = JSONOutput.Comment;
export type JsonDisplayPart = JSONOutput.CommentDisplayPart;
export type JsonSource = JSONOutput.SourceReference;
/** A container of exports: the project, a module or a namespace. */
export type JsonContainer = JsonProject | JsonDeclaration;
