/**
 * The TypeScript `types` generator. None of its types are exported from the
 * package entry point; they are described here because {@link Generators}
 * includes them.
 *
 * @module
 */

/**
 * Options of the TypeScript `types` generator, which creates simple types
 * and lookup helpers from the document, such as the union of all channel
 * addresses (AsyncAPI) or of all paths (OpenAPI). Not exported from the
 * package entry point.
 */
export type TypescriptTypesGenerator = {
  /**
   * Unique name of this generator entry.
   *
   * @defaultValue `'types-typescript'`
   */
  id?: string;
  /**
   * Ids of the generators that must be rendered before this one.
   *
   * @defaultValue `[]`
   */
  dependencies?: string[];
  /**
   * Selects this generator.
   *
   * @defaultValue `'types'`
   */
  preset?: 'types';
  /**
   * Folder the generated file is written to.
   *
   * @defaultValue `'src/__gen__'`
   */
  outputPath?: string;
  /** Output language of this generator. */
  language?: 'typescript';
};

/**
 * {@link TypescriptTypesGenerator} after defaults are applied. Simplified
 * here to every option being present. Not exported from the package entry
 * point.
 */
export type TypescriptTypesGeneratorInternal = Required<TypescriptTypesGenerator>;

/**
 * The result of the TypeScript types generator. Simplified here: only the
 * options it ran with are described. Not exported from the package entry
 * point.
 */
export interface TypeScriptTypesRenderType {
  /** The options the generator ran with. */
  generator: TypescriptTypesGeneratorInternal;
}
