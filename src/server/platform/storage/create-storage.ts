import path from 'node:path'
import type { Config } from '#server/config.ts'
import { createDiskStorage } from './disk-storage.ts'
import { createS3Storage } from './s3-storage.ts'
import type { FileStorage } from './storage.ts'

export type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>

/** S3-compatible storage when S3_BUCKET is set, so many processes share it; local disk otherwise. */
export function createStorage(config: StorageConfig): FileStorage {
  if (!config.S3_BUCKET) return createDiskStorage(path.resolve(config.DATA_DIR, 'files'))
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  })
}
