import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { assertStorageKey, type PutOptions, type StoredObject, type UploadStorage } from "./storage";

export type S3Settings = {
  bucket: string;
  /** An S3-compatible server's URL (MinIO, Garage, R2, s3rver…); unset for AWS itself. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither means the SDK's own chain (AWS_* variables, instance roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** http://host/bucket/key rather than http://bucket.host/key (most self-hosted servers need it). */
  forcePathStyle: boolean;
  /** Put before every key, e.g. "uploads/" (may be empty). */
  prefix: string;
};

/** Whether the SDK's error means "no such object" (GET answers NoSuchKey, HEAD a bare 404). */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure?.name === "NoSuchKey" ||
    failure?.name === "NotFound" ||
    failure?.$metadata?.httpStatusCode === 404
  );
}

/**
 * Objects in one bucket of an S3-compatible server, named prefix + key. A put
 * streams the file with its length known (PutObject; uploads here are at most
 * tens of MB, far below its 5 GB limit), a read streams the object's body.
 */
export function createS3Storage(settings: S3Settings, client?: S3Client): UploadStorage {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Only when the server asks for checksums: the body is a stream of known length,
      // and not every S3-compatible server takes the SDK's default trailing checksum.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${settings.prefix}${key}`;
  };

  return {
    kind: "s3",

    async put(key: string, body: Blob, options: PutOptions = {}) {
      await s3.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: Readable.fromWeb(body.stream() as NodeReadableStream),
          ContentLength: body.size,
          ContentType: options.contentType || "application/octet-stream",
        }),
      );
    },

    async open(key: string): Promise<StoredObject | null> {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return {
          stream: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: object.ContentLength ?? 0,
          ...(object.ContentType ? { contentType: object.ContentType } : {}),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async stat(key: string) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key: string) {
      await s3.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}
