import { describe, expect, it } from 'vitest'
import { IMPORT_MAX_BYTES } from '#shared/contracts/client-import.contract.ts'
import { LOGO_MAX_BYTES } from '#shared/contracts/settings.contract.ts'
import { LARGEST_DOCUMENT_BYTES } from '#shared/domain/document-types.ts'
import { MULTIPART_FILE_CAP_BYTES } from './receive-upload.ts'

describe('the multipart file cap', () => {
  it('sits above every upload limit, so each route sees a file over its own limit and names it', () => {
    for (const limit of [LARGEST_DOCUMENT_BYTES, IMPORT_MAX_BYTES, LOGO_MAX_BYTES]) {
      expect(MULTIPART_FILE_CAP_BYTES).toBeGreaterThan(limit)
    }
  })
})
