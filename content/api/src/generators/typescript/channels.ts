/**
 * The TypeScript `channels` generator and the kinds of protocol functions it
 * can produce.
 *
 * @module
 */
import type { AsyncAPIDocumentInterface } from '../../inputs/asyncapi.js';
import type { OpenAPIDocument } from '../../vendor.js';
import type { GenericCodegenContext } from '../types.js';
import type { TypeScriptParameterRenderType } from './parameters.js';
import type { TypeScriptPayloadRenderType } from './payloads.js';

/**
 * Every kind of protocol function the `channels` generator can create.
 *
 * The values are used in two places: the `functionTypeMapping` option of
 * {@link TypeScriptChannelsGenerator} and the `functionTypeMapping` field of
 * the `x-the-codegen-project` extension on AsyncAPI channels and operations.
 * Each kind either sends or receives. A sending kind is only rendered for
 * AsyncAPI `send` operations and a receiving kind only for `receive`
 * operations; `asyncapiReverseOperations` swaps the two. When a mapping is
 * given, only the listed kinds are rendered, still in the matching direction.
 *
 * In the generated function names below, `<Name>` stands for the PascalCase
 * operation id, channel id or `channelName` extension value.
 *
 * There is no MQTT subscribe kind and no AMQP exchange subscribe kind.
 *
 * @example
 * ```ts
 * import { ChannelFunctionTypes, type TheCodegenConfiguration } from '@the-codegen-project/cli';
 *
 * const config: TheCodegenConfiguration = {
 *   inputType: 'asyncapi',
 *   inputPath: './orders.asyncapi.yaml',
 *   generators: [
 *     {
 *       preset: 'channels',
 *       protocols: ['kafka'],
 *       functionTypeMapping: {
 *         orderPlaced: [ChannelFunctionTypes.KAFKA_PUBLISH],
 *       },
 *     },
 *   ],
 * };
 * export default config;
 * ```
 */
export enum ChannelFunctionTypes {
  /** Sends: publishes to a NATS JetStream stream (`jetStreamPublishTo<Name>`). */
  NATS_JETSTREAM_PUBLISH = 'nats_jetstream_publish',
  /** Receives: pull-based JetStream consumer (`jetStreamPullSubscribeTo<Name>`). */
  NATS_JETSTREAM_PULL_SUBSCRIBE = 'nats_jetstream_pull_subscribe',
  /** Receives: push-based JetStream consumer (`jetStreamPushSubscriptionFrom<Name>`). */
  NATS_JETSTREAM_PUSH_SUBSCRIBE = 'nats_jetstream_push_subscribe',
  /** Receives: core NATS subscription (`subscribeTo<Name>`). */
  NATS_SUBSCRIBE = 'nats_subscribe',
  /** Sends: core NATS publish (`publishTo<Name>`). */
  NATS_PUBLISH = 'nats_publish',
  /** Sends: NATS request that waits for a reply (`requestTo<Name>`). */
  NATS_REQUEST = 'nats_request',
  /** Receives: answers incoming NATS requests (`replyTo<Name>`). */
  NATS_REPLY = 'nats_reply',
  /** Sends: MQTT publish (`publishTo<Name>`). */
  MQTT_PUBLISH = 'mqtt_publish',
  /** Sends: Kafka producer (`produceTo<Name>`). */
  KAFKA_PUBLISH = 'kafka_publish',
  /** Receives: Kafka consumer (`consumeFrom<Name>`). */
  KAFKA_SUBSCRIBE = 'kafka_subscribe',
  /** Sends: publishes to an AMQP queue (`publishTo<Name>Queue`). */
  AMQP_QUEUE_PUBLISH = 'amqp_queue_publish',
  /** Receives: consumes from an AMQP queue (`subscribeTo<Name>Queue`). */
  AMQP_QUEUE_SUBSCRIBE = 'amqp_queue_subscribe',
  /** Sends: publishes to an AMQP exchange (`publishTo<Name>Exchange`). */
  AMQP_EXCHANGE_PUBLISH = 'amqp_exchange_publish',
  /**
   * Sends: HTTP client call, named after the lower-case HTTP method (for
   * example `get<Name>` or `post<Name>`).
   */
  HTTP_CLIENT = 'http_client',
  /** Receives: listens to Server-Sent Events with fetch (`listenFor<Name>`). */
  EVENT_SOURCE_FETCH = 'event_source_fetch',
  /** Sends: registers an Express route that streams Server-Sent Events (`register<Name>`). */
  EVENT_SOURCE_EXPRESS = 'event_source_express',
}

/**
 * Options of the TypeScript `channels` generator, which creates ready-made
 * functions for sending and receiving the messages of each AsyncAPI channel
 * or operation over the chosen protocols.
 *
 * The generator builds on the payload and parameter models, so it depends on
 * a `payloads` and a `parameters` generator. If the configuration has none,
 * {@link realizeConfiguration} adds them with their defaults. Only AsyncAPI
 * input is supported. Apart from `preset`, which you always set, every
 * option can be left out; the
 * defaults are those of {@link defaultTypeScriptChannelsGenerator}.
 *
 * @example
 * ```ts
 * import type { TypeScriptChannelsGenerator } from '@the-codegen-project/cli';
 *
 * const channels: TypeScriptChannelsGenerator = {
 *   preset: 'channels',
 *   outputPath: './src/messaging',
 *   protocols: ['nats', 'kafka'],
 *   kafkaTopicSeparator: '-',
 * };
 * ```
 */
export type TypeScriptChannelsGenerator = {
  /**
   * Unique name of this generator entry. Other generators refer to it by
   * this name in their `dependencies`, and its output is stored under it.
   *
   * @defaultValue `'channels-typescript'`
   */
  id?: string;
  /**
   * Ids of the generators that must be rendered before this one.
   *
   * @defaultValue `['parameters-typescript', 'payloads-typescript']`
   */
  dependencies?: string[];
  /**
   * Selects this generator. It has a default, but in practice you always set
   * it, because it is the value that identifies the kind of entry.
   *
   * @defaultValue `'channels'`
   */
  preset?: 'channels';
  /**
   * Folder the generated `index.ts` is written to. A relative path is
   * resolved against the folder of the configuration file.
   *
   * @defaultValue `'src/__gen__/channels'`
   */
  outputPath?: string;
  /**
   * Protocols to generate functions for. The output file has one entry per
   * protocol in its exported `Protocols` object.
   *
   * @defaultValue `[]`
   */
  protocols?: ('nats' | 'kafka' | 'mqtt' | 'amqp' | 'event_source' | 'http_client')[];
  /**
   * Id of the `parameters` generator whose models are used. Only needs
   * changing when the configuration has more than one.
   *
   * @defaultValue `'parameters-typescript'`
   */
  parameterGeneratorId?: string;
  /**
   * Id of the `payloads` generator whose models are used. Only needs
   * changing when the configuration has more than one.
   *
   * @defaultValue `'payloads-typescript'`
   */
  payloadGeneratorId?: string;
  /**
   * AsyncAPI only. Swaps send and receive, which generates the opposite side
   * of the API, for example to test a service from the outside.
   *
   * @defaultValue `false`
   */
  asyncapiReverseOperations?: boolean;
  /**
   * AsyncAPI only. When `true`, functions follow the operations declared in
   * the document. When `false`, functions are generated per channel,
   * regardless of the send and receive actions.
   *
   * @defaultValue `true`
   */
  asyncapiGenerateForOperations?: boolean;
  /**
   * AsyncAPI only. Maps a channel id to the kinds of functions to render for
   * that channel.
   *
   * @defaultValue `{}`
   */
  functionTypeMapping?: Record<string, ChannelFunctionTypes[] | undefined>;
  /**
   * Separator used to turn channel addresses into Kafka topic names. With the
   * default, the address `orders/eu/created` becomes the topic
   * `orders.eu.created`.
   *
   * @defaultValue `'.'`
   */
  kafkaTopicSeparator?: string;
  /**
   * Package the generated `event_source_fetch` functions import. Set it to
   * use a fork of, or a drop-in replacement for, the default package.
   *
   * @defaultValue `'@microsoft/fetch-event-source'`
   */
  eventSourceDependency?: string;
  /**
   * Output language of this generator.
   *
   * @defaultValue `'typescript'`
   */
  language?: 'typescript';
};

/**
 * {@link TypeScriptChannelsGenerator} with every option filled in, as found
 * in a realized configuration. Not exported from the package entry point.
 */
export type TypeScriptChannelsGeneratorInternal = Required<TypeScriptChannelsGenerator>;

/**
 * Summary of one function in the generated channels file. Not exported from
 * the package entry point.
 */
export interface TypeScriptChannelRenderedFunctionType {
  /** The kind of function. */
  functionType: ChannelFunctionTypes;
  /** The generated function name. */
  functionName: string;
  /** Name of the message type the function sends or receives. */
  messageType: string;
  /** Name of the reply message type, for request/reply functions. */
  replyType?: string;
  /** Name of the parameter model type, when the channel has parameters. */
  parameterType?: string;
}

/**
 * The result of the TypeScript channels generator. Not exported from the
 * package entry point.
 */
export interface TypeScriptChannelRenderType {
  /** The payloads generator output the functions were built on. */
  payloadRender: TypeScriptPayloadRenderType;
  /** The parameters generator output the functions were built on. */
  parameterRender: TypeScriptParameterRenderType;
  /** The options the generator ran with. */
  generator: TypeScriptChannelsGeneratorInternal;
  /** Metadata about every generated function, grouped in lists. */
  renderedFunctions: Record<string, TypeScriptChannelRenderedFunctionType[]>;
  /** The full text of the generated file. */
  result: string;
}

/**
 * Everything {@link generateTypeScriptChannels} needs. Not exported from the
 * package entry point.
 */
export interface TypeScriptChannelsContext extends GenericCodegenContext {
  /** Which kind of document is being generated from. */
  inputType: 'asyncapi' | 'openapi';
  /** The parsed AsyncAPI document; the only input that yields functions. */
  asyncapiDocument?: AsyncAPIDocumentInterface;
  /** The parsed OpenAPI document. */
  openapiDocument?: OpenAPIDocument;
  /** The generator's options with all defaults applied. */
  generator: TypeScriptChannelsGeneratorInternal;
}

/**
 * The output of rendering a single protocol function for a channel or
 * operation. The channels generator collects these and assembles them into
 * its output file.
 */
export interface SingleFunctionRenderType {
  /** Name of the generated function. */
  functionName: string;
  /** Source code of the function. */
  code: string;
  /** Import lines the function's code needs at the top of the file. */
  dependencies: string[];
  /** Which kind of protocol function this is. */
  functionType: ChannelFunctionTypes;
  /** Name of the message type the function sends or receives. */
  messageType: string;
  /** Name of the reply message type, for functions that expect a reply. */
  replyType?: string;
}

/**
 * The options the TypeScript channels generator uses for anything a
 * configuration leaves out.
 *
 * The value is:
 *
 * ```ts
 * {
 *   id: 'channels-typescript',
 *   dependencies: ['parameters-typescript', 'payloads-typescript'],
 *   preset: 'channels',
 *   outputPath: 'src/__gen__/channels',
 *   protocols: [],
 *   parameterGeneratorId: 'parameters-typescript',
 *   payloadGeneratorId: 'payloads-typescript',
 *   asyncapiReverseOperations: false,
 *   asyncapiGenerateForOperations: true,
 *   functionTypeMapping: {},
 *   kafkaTopicSeparator: '.',
 *   eventSourceDependency: '@microsoft/fetch-event-source',
 *   language: 'typescript',
 * }
 * ```
 *
 * @see {@link TypeScriptChannelsGenerator} for what each option does.
 */
export declare const defaultTypeScriptChannelsGenerator: TypeScriptChannelsGeneratorInternal;

/**
 * Generates the protocol functions for the configured `protocols` and writes
 * them to `index.ts` in the generator's `outputPath` (the folder is created
 * if needed). The file exports a `Protocols` object with one entry per
 * protocol.
 *
 * The functions use the models of the payloads and parameters generators,
 * so their outputs must already be in `context.dependencyOutputs`, under
 * the ids given by `payloadGeneratorId` and `parameterGeneratorId`.
 * Functions are only produced for AsyncAPI input.
 *
 * Usually you don't call this yourself: {@link runGenerators} renders the
 * dependencies first and then calls it for every `channels` entry.
 *
 * @param context - The input document plus the generator options:
 *   `inputType` names the kind of document, `asyncapiDocument` holds the
 *   parsed document, `generator` holds the fully defaulted options and
 *   `dependencyOutputs` must contain the payloads and parameters results.
 * @returns The generated functions per protocol, the payload and parameter
 *   results they were built on, the options used and the file text in
 *   `result`.
 * @throws `Error` when the payloads or parameters output is missing from
 *   `context.dependencyOutputs`.
 */
export declare function generateTypeScriptChannels(
  context: TypeScriptChannelsContext,
): Promise<TypeScriptChannelRenderType>;
