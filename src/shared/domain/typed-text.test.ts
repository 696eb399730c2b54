import { describe, expect, it } from 'vitest'
import { cleanTypedText } from './typed-text.ts'

describe('cleanTypedText', () => {
  it('drops NUL and other control characters, keeping tabs and new lines', () => {
    expect(cleanTypedText('a\u0000b\u0007c\td\ne\r\nf\u007f')).toBe('abc\td\ne\r\nf')
  })

  it('replaces a lone surrogate and keeps whole characters', () => {
    expect(cleanTypedText('x\ud800y 😀')).toBe('x\ufffdy 😀')
  })
})
