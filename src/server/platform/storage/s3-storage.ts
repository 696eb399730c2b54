import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import {
  assertValidKey,
  assertValidPrefix,
  createDigestStream,
  digestOf,
  type FileStorage,
  ObjectNotFoundError,
} from './storage.ts'

export interface S3StorageOptions {
  bucket: string
  region?: string
  /** Any S3-compatible service (MinIO, R2, …); AWS itself when absent. */
  endpoint?: string
  /** Both or neither: without them the SDK's default chain applies (environment, profile, instance role). */
  accessKeyId?: string
  secretAccessKey?: string
  /** Bucket in the path, not the host name; true by default with an endpoint, as MinIO needs. */
  forcePathStyle?: boolean
  /** Keys per ListObjectsV2 page (S3's own 1,000 by default); tests make it small to cross pages. */
  listPageSize?: number
}

/** 404 from any call: S3 says NoSuchKey on GET and a bodiless NotFound on HEAD. A missing bucket is not this. */
function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name !== 'NoSuchBucket' && (name === 'NoSuchKey' || $metadata?.httpStatusCode === 404)
}

function createClient(options: S3StorageOptions): S3Client {
  const { accessKeyId, secretAccessKey, endpoint } = options
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('S3 storage: give both an access key id and a secret access key, or neither')
  return new S3Client({
    // S3-compatible services take any region name; the SDK still insists on one.
    region: options.region ?? (endpoint ? 'us-east-1' : undefined),
    endpoint,
    forcePathStyle: options.forcePathStyle ?? Boolean(endpoint),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // Newer SDKs add CRC checksums and aws-chunked trailers to every upload, which many
    // S3-compatible servers refuse; we keep our own SHA-256 in the database instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/**
 * Objects in one bucket, keyed as given. Uploads go through lib-storage's Upload, which sends one
 * PutObject for a small body and a multipart upload (aborted on failure) above its 5 MB part
 * size, so a failed put never leaves an object behind.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = createClient(options)
  const Bucket = options.bucket

  async function upload(Key: string, Body: Uint8Array | Readable, ContentType: string) {
    await new Upload({ client, params: { Bucket, Key, Body, ContentType } }).done()
  }

  return {
    kind: 's3',

    async put(key, body, { contentType }) {
      assertValidKey(key)
      if (body instanceof Uint8Array) {
        await upload(key, body, contentType)
        return digestOf(body)
      }
      const { stream, digest } = createDigestStream()
      // pipe() forwards no errors: route the source's into the digest stream, so a failing source
      // fails the upload (and aborts a multipart one) instead of leaving it waiting for more bytes.
      let sourceError: Error | undefined
      body.on('error', (error) => {
        sourceError ??= error
        stream.destroy(error)
      })
      body.pipe(stream)
      try {
        await upload(key, stream, contentType)
      } catch (error) {
        // A failed upload stops reading: release the caller's stream rather than leave it paused,
        // as pipeline() does on disk.
        body.destroy()
        // The source's failure is the cause; Upload may answer with a failed abort instead.
        throw sourceError ?? error
      }
      return digest()
    },

    async get(key) {
      assertValidKey(key)
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!(Body instanceof Readable)) throw new Error(`S3 storage: no readable body for ${key}`)
        return Body
      } catch (error) {
        throw isNotFound(error) ? new ObjectNotFoundError(key) : error
      }
    },

    async head(key) {
      assertValidKey(key)
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return { key, size: answer.ContentLength ?? 0, lastModified: answer.LastModified ?? new Date(0) }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },

    async delete(key) {
      assertValidKey(key)
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },

    async *list(prefix) {
      assertValidPrefix(prefix)
      const pages = paginateListObjectsV2(
        { client, pageSize: options.listPageSize },
        { Bucket, Prefix: prefix },
      )
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue
          yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) }
        }
      }
    },
  }
}
