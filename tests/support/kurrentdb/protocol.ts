import { createRequire } from 'node:module';
import type * as GrpcJs from '@grpc/grpc-js';
import type * as GoogleProtobuf from 'google-protobuf';
import type * as AnyPb from 'google-protobuf/google/protobuf/any_pb';
import type * as TimestampPb from 'google-protobuf/google/protobuf/timestamp_pb';
import type * as ServerFeaturesGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb';
import type * as ServerFeaturesPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb';
import type * as SharedPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb';
import type * as StatusPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb';
import type * as StreamsGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb';
import type * as StreamsPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb';

/**
 * The protocol as the client itself ships it: the service definitions and message classes that
 * `@kurrent/kurrentdb-client` generated from KurrentDB's .proto files (the package carries the
 * generated code, not the .proto text). They are CommonJS, so they are required, and the same
 * @grpc/grpc-js instance serves them that the client dials with.
 */
const require = createRequire(import.meta.url);
const generated = '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/';

export const grpc = require('@grpc/grpc-js') as typeof GrpcJs;
export const streamsPb = require(`${generated}streams_pb.js`) as typeof StreamsPb;
export const streamsGrpc = require(`${generated}streams_grpc_pb.js`) as typeof StreamsGrpc;
export const sharedPb = require(`${generated}shared_pb.js`) as typeof SharedPb;
export const statusPb = require(`${generated}status_pb.js`) as typeof StatusPb;
export const serverFeaturesPb = require(`${generated}serverfeatures_pb.js`) as typeof ServerFeaturesPb;
export const serverFeaturesGrpc = require(
  `${generated}serverfeatures_grpc_pb.js`,
) as typeof ServerFeaturesGrpc;
export const anyPb = require('google-protobuf/google/protobuf/any_pb.js') as typeof AnyPb;
export const timestampPb = require('google-protobuf/google/protobuf/timestamp_pb.js') as typeof TimestampPb;
export const { BinaryWriter } = require('google-protobuf') as typeof GoogleProtobuf;

export type ReadReq = StreamsPb.ReadReq;
export type ReadResp = StreamsPb.ReadResp;
export type AppendReq = StreamsPb.AppendReq;
export type AppendResp = StreamsPb.AppendResp;
export type BatchAppendReq = StreamsPb.BatchAppendReq;
export type BatchAppendResp = StreamsPb.BatchAppendResp;
export type Uuid = SharedPb.UUID;
