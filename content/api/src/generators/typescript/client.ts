/**
 * The TypeScript `client` generator.
 *
 * @module
 */
/**
 * Options of the TypeScript `client` generator, which wraps the output of a
 * `channels` generator in one client class per protocol (for NATS:
 * `NatsClient`, written to `NatsClient.ts`). The class handles connecting
 * and offers simpler functions than the raw channel functions, and it
 * re-exports the generated payload and parameter models.
 *
 * The generator depends on a `channels` generator; if the configuration has
 * none, {@link realizeConfiguration} adds one with its defaults (which in
 * turn brings in `payloads` and `parameters`). Only AsyncAPI input and the
 * NATS protocol are supported. Apart from `preset`, which you
 * always set, every option can be left out; the defaults are those of {@link defaultTypeScriptClientGenerator}.
 *
 * @example
 * ```ts
 * import type { TypeScriptClientGenerator } from '@the-codegen-project/cli';
 *
 * const client: TypeScriptClientGenerator = {
 *   preset: 'client',
 *   outputPath: './src/client',
 *   protocols: ['nats'],
 * };
 * ```
 */
export type TypeScriptClientGenerator = {
  /**
   * Unique name of this generator entry. Other generators refer to it by
   * this name in their `dependencies`, and its output is stored under it.
   *
   * @defaultValue `'client-typescript'`
   */
  id?: string;
  /**
   * Ids of the generators that must be rendered before this one.
   *
   * @defaultValue `['channels-typescript']`
   */
  dependencies?: string[];
  /**
   * Selects this generator. It has a default, but in practice you always set
   * it, because it is the value that identifies the kind of entry.
   *
   * @defaultValue `'client'`
   */
  preset?: 'client';
  /**
   * Folder the client files are written to. A relative path is resolved
   * against the folder of the configuration file.
   *
   * @defaultValue `'src/__gen__/clients'`
   */
  outputPath?: string;
  /**
   * Protocols to generate a client class for. NATS is the only one.
   *
   * @defaultValue `['nats']`
   */
  protocols?: 'nats'[];
  /**
   * Output language of this generator.
   *
   * @defaultValue `'typescript'`
   */
  language?: 'typescript';
  /**
   * Id of the `channels` generator to wrap. Only needs changing when the
   * configuration has more than one.
   *
   * @defaultValue `'channels-typescript'`
   */
  channelsGeneratorId?: string;
};

/**
 * {@link TypeScriptClientGenerator} with every option filled in, as found in
 * a realized configuration. Not exported from the package entry point.
 */
export type TypeScriptClientGeneratorInternal = Required<TypeScriptClientGenerator>;

/**
 * The result of the TypeScript client generator. Simplified here: only the
 * options it ran with are described. Not exported from the package entry
 * point.
 */
export interface TypeScriptClientRenderType {
  /** The options the generator ran with. */
  generator: TypeScriptClientGeneratorInternal;
}

/**
 * The options the TypeScript client generator uses for anything a
 * configuration leaves out.
 *
 * The value is:
 *
 * ```ts
 * {
 *   id: 'client-typescript',
 *   dependencies: ['channels-typescript'],
 *   preset: 'client',
 *   outputPath: 'src/__gen__/clients',
 *   protocols: ['nats'],
 *   language: 'typescript',
 *   channelsGeneratorId: 'channels-typescript',
 * }
 * ```
 *
 * @see {@link TypeScriptClientGenerator} for what each option does.
 */
export declare const defaultTypeScriptClientGenerator: TypeScriptClientGeneratorInternal;
