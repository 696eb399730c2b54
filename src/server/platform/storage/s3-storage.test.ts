import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeS3, startFakeS3 } from '#test/fake-s3.ts'
import { createStorage } from './create-storage.ts'
import { createS3Storage } from './s3-storage.ts'
import { describeStorageContract, readAll } from './storage-contract.ts'

describeStorageContract('s3', async () => {
  const fake = await startFakeS3()
  // Two keys a page, so every listing of more crosses ListObjectsV2 continuation tokens.
  const storage = createS3Storage({ ...fake, listPageSize: 2 })
  return { storage, close: fake.close }
})

describe('createStorage with S3_BUCKET', () => {
  let fake: FakeS3
  beforeAll(async () => {
    fake = await startFakeS3()
  })
  afterAll(() => fake?.close())

  it('stores in the bucket, not on disk', async () => {
    const storage = createStorage({
      DATA_DIR: '/nonexistent',
      S3_BUCKET: fake.bucket,
      S3_ENDPOINT: fake.endpoint,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
    })
    expect(storage.kind).toBe('s3')
    await storage.put('documents/one', Buffer.from('in the bucket'), { contentType: 'text/plain' })
    const direct = createS3Storage(fake)
    expect((await readAll(await direct.get('documents/one'))).toString()).toBe('in the bucket')
  })

  it('refuses an access key id without its secret', () => {
    expect(() => createS3Storage({ bucket: 'b', endpoint: fake.endpoint, accessKeyId: 'only-id' })).toThrow(
      /both an access key id and a secret/,
    )
  })
})
