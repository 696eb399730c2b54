import { afterEach, describe, expect, it, vi } from 'vitest'
import { SETTINGS_TEXTS as T } from '#shared/contracts/settings.contract.ts'
import { saveFile } from '#web/lib/save-file.ts'
import { downloadDataExport } from './settings.queries.ts'

vi.mock('#web/lib/save-file.ts', () => ({ saveFile: vi.fn() }))

function answer(body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } })),
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.mocked(saveFile).mockClear()
})

describe('downloadDataExport', () => {
  it('saves a complete export', async () => {
    answer('{\n  "user": {},\n  "clients": [\n{"id":"a"}\n]\n}\n')
    await downloadDataExport()
    expect(saveFile).toHaveBeenCalledTimes(1)
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toMatch(/^data-export-\d{4}-\d{2}-\d{2}\.json$/)
  })

  it('fails, saving nothing, when the body ends part-way', async () => {
    answer('{\n  "user": {},\n  "clients": [\n{"id":"a"}')
    await expect(downloadDataExport()).rejects.toThrow(T.exportIncomplete)
    expect(saveFile).not.toHaveBeenCalled()
  })
})
