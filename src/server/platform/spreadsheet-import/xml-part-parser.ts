import { StringDecoder } from 'node:string_decoder'
import { SaxesParser } from 'saxes'
import { UnreadableFileError } from './import-errors.ts'

/** What a part reader does with the elements it meets; text is only handed over while `capturing`. */
export interface XmlHandler {
  capturing: boolean
  /** `name` without its namespace prefix; attributes as written (prefixes kept), values decoded. */
  open(name: string, attributes: Record<string, string>, selfClosing: boolean): void
  /** Also called for a self-closing element, right after `open`. */
  close(name: string): void
  text(text: string): void
}

/** A text node or tag longer than this is no spreadsheet's (a cell holds at most 32,767 characters). */
const MAX_PENDING = 1024 * 1024

function localName(name: string): string {
  const colon = name.indexOf(':')
  return colon < 0 ? name : name.slice(colon + 1)
}

/** The value of one attribute, prefix ignored (`r`, `x:r`), or undefined; namespace declarations never match. */
export function attributeOf(attributes: Record<string, string>, name: string): string | undefined {
  const value = attributes[name]
  if (value !== undefined) return value
  for (const key in attributes) {
    if (key.endsWith(name) && key[key.length - name.length - 1] === ':' && !key.startsWith('xmlns:')) {
      return attributes[key]
    }
  }
  return undefined
}

/**
 * A streaming reader of one part of a workbook, over saxes: it checks that the part is well-formed
 * XML with `root` as its root element (so a part cut short is refused at its end), decodes entities
 * and line ends, and refuses a DOCTYPE (no entity expansion). Bytes go in as they are inflated; a
 * UTF-8 character split between two chunks is decoded whole.
 */
export function createPartParser(handler: XmlHandler, root: string) {
  const parser = new SaxesParser()
  const decoder = new StringDecoder('utf8')
  // Where the last event ended: saxes holds everything after it (a text, a tag) in memory.
  let settled = 0
  let sawRoot = false
  const settle = () => {
    settled = parser.position
  }
  const takeText = (text: string) => {
    settle()
    if (handler.capturing) handler.text(text)
  }
  // Six handlers, no more: with eight, V8 turned the parser into a slow dictionary object and
  // reading took ten times as long. Comments and processing instructions get none.
  parser.on('error', (error) => {
    throw new UnreadableFileError(`xml: ${error.message}`)
  })
  parser.on('doctype', () => {
    throw new UnreadableFileError('xml: declarations are not allowed')
  })
  parser.on('opentag', (tag) => {
    settle()
    const name = localName(tag.name)
    if (!sawRoot && name !== root) throw new UnreadableFileError(`xlsx: ${root} part has another root`)
    sawRoot = true
    handler.open(name, tag.attributes, tag.isSelfClosing)
  })
  parser.on('closetag', (tag) => {
    settle()
    handler.close(localName(tag.name))
  })
  parser.on('text', takeText)
  parser.on('cdata', takeText)

  return {
    write(bytes: Buffer): void {
      parser.write(decoder.write(bytes))
      if (parser.position - settled > MAX_PENDING) throw new UnreadableFileError('xml: token too long')
    },
    /** The part has ended: an element left open (a part cut short) is refused here. */
    end(): void {
      parser.write(decoder.end())
      parser.close()
    },
  }
}

/** A small part read whole (workbook.xml, its relationships), through the same checks. */
export function parseWholePart(xml: Buffer, root: string, open: XmlHandler['open']): void {
  const parser = createPartParser({ capturing: false, open, close() {}, text() {} }, root)
  parser.write(xml)
  parser.end()
}
