import { describe, expect, it } from 'vitest'
import { UnreadableFileError } from './import-errors.ts'
import { attributeOf, createPartParser, type XmlHandler } from './xml-part-parser.ts'

/** The text of every <t>, read from `chunks` as they would come out of the zip. */
function textsOf(chunks: Buffer[], root = 'sst'): string[] {
  const texts: string[] = []
  const handler: XmlHandler = {
    capturing: false,
    open(name) {
      if (name === 't') {
        texts.push('')
        handler.capturing = true
      }
    },
    close(name) {
      if (name === 't') handler.capturing = false
    },
    text(text) {
      texts[texts.length - 1] += text
    },
  }
  const parser = createPartParser(handler, root)
  for (const chunk of chunks) parser.write(chunk)
  parser.end()
  return texts
}

const everyByte = (xml: string) => [...Buffer.from(xml)].map((byte) => Buffer.from([byte]))

describe('createPartParser', () => {
  it('never cuts a UTF-8 character between chunks', () => {
    const text = 'aé€𝄞b'.repeat(50)
    expect(textsOf(everyByte(`<sst><si><t>${text}</t></si></sst>`))).toEqual([text])
  })

  it('hands over text, entities and CDATA as one value, line ends normalised', () => {
    const xml = '<x:sst><si><t>A &amp; B&#233;<![CDATA[<raw>]]>\r\nC</t></si><si><t/></si></x:sst>'
    expect(textsOf([Buffer.from(xml)])).toEqual(['A & Bé<raw>\nC', ''])
  })

  it('refuses a DOCTYPE, another root, a part cut short and a token over 1 MB', () => {
    const refused = (chunks: Buffer[]) => expect(() => textsOf(chunks)).toThrow(UnreadableFileError)
    refused([Buffer.from('<!DOCTYPE sst [<!ENTITY a "aaaa">]><sst/>')])
    refused([Buffer.from('<worksheet/>')])
    refused([Buffer.from('<sst><si><t>cut')])
    refused([Buffer.from('<sst><si><t>'), Buffer.alloc(1024 * 1024 + 1, 0x61)])
    refused([Buffer.from('<sst>'), Buffer.alloc(1024 * 1024 + 1, 0x20), Buffer.from('</sst>')])
    // The limit is on one token, not on the part: a long pretty-printed part is read.
    const pretty = Buffer.from(`<sst>${'\n  <si><t>a</t></si>'.repeat(100_000)}</sst>`)
    const chunks = Array.from({ length: Math.ceil(pretty.length / 16_384) }, (_, i) =>
      pretty.subarray(i * 16_384, (i + 1) * 16_384),
    )
    expect(textsOf(chunks)).toHaveLength(100_000)
  })

  it('reads an attribute whatever its prefix, never a namespace declaration', () => {
    expect(attributeOf({ 'x:r': 'A1' }, 'r')).toBe('A1')
    expect(attributeOf({ 'xmlns:r': 'urn:r' }, 'r')).toBeUndefined()
    expect(attributeOf({ tr: 'no' }, 'r')).toBeUndefined()
  })
})
