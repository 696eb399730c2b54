import { describe, expect, it } from 'vitest'
import { attachmentDisposition, displayFileName, MAX_FILE_NAME_LENGTH } from './file-names.service.ts'

describe('displayFileName', () => {
  it.each([
    ['C:\\Users\\ann\\Documents\\w9.pdf', 'w9.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['scans/voided check.png', 'voided check.png'],
    ['line\r\nbreak\u0000.pdf', 'linebreak.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['  spaced.pdf  ', 'spaced.pdf'],
    ['..', 'document'],
    ['folder/', 'document'],
    ['\u0007', 'document'],
    ['Résumé — signed.pdf', 'Résumé — signed.pdf'],
    ['broken\ud800half.pdf', 'brokenhalf.pdf'],
  ])('shows %j as %j', (sent, shown) => {
    expect(displayFileName(sent)).toBe(shown)
  })

  it('cuts a long name to 200 characters and keeps its extension', () => {
    const shown = displayFileName(`${'a'.repeat(300)}.pdf`)
    expect(shown).toHaveLength(MAX_FILE_NAME_LENGTH)
    expect(shown.endsWith('a.pdf')).toBe(true)
    expect(displayFileName('b'.repeat(250))).toBe('b'.repeat(200))
  })

  it('never cuts a character in half', () => {
    const shown = displayFileName(`${'😀'.repeat(250)}.png`)
    expect([...shown]).toHaveLength(MAX_FILE_NAME_LENGTH)
    expect(shown.endsWith('😀.png')).toBe(true)
    expect(() => encodeURIComponent(shown)).not.toThrow()
  })
})

describe('attachmentDisposition', () => {
  it('gives a plain name as it is', () => {
    expect(attachmentDisposition('w9-2024.pdf')).toBe('attachment; filename="w9-2024.pdf"')
  })

  it('keeps quotes, semicolons and line breaks out of the header, and the whole name in filename*', () => {
    const header = attachmentDisposition('a"b; c\r\nd é.pdf')
    expect(header).toBe(
      `attachment; filename="a_b__c__d__.pdf"; filename*=UTF-8''a%22b%3B%20c%0D%0Ad%20%C3%A9.pdf`,
    )
    expect(attachmentDisposition("it's (1).pdf")).toBe(
      `attachment; filename="it_s__1_.pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`,
    )
  })
})
