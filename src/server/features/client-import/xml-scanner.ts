import { UnreadableFileError } from './import-errors.ts'

/** A start tag where it lies in the part, valid during open(): read its attributes with attributeOf. */
export interface XmlTag {
  source: string
  /** After the element's name. */
  attributesStart: number
  /** At its '>'. */
  end: number
}

/** What a part reader does with the elements it meets; text is only handed over while `capturing`. */
export interface XmlHandler {
  capturing: boolean
  /** `name` without its namespace prefix. */
  open(name: string, tag: XmlTag, selfClosing: boolean): void
  close(name: string): void
  text(text: string): void
  /**
   * Offered each '<' first: a reader may take a whole common construct itself and answer where it
   * ends, or -1 to let the scanner read the tag.
   */
  take?(buffer: string, at: number): number
}

/** A text node or tag longer than this is no spreadsheet's (a cell holds at most 32,767 characters). */
const MAX_PENDING = 1024 * 1024

const ENTITIES = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
])

function decodeEntity(match: string, body: string): string {
  if (body[0] !== '#') {
    const named = ENTITIES.get(body)
    if (named === undefined) throw new UnreadableFileError('xml: unknown entity')
    return named
  }
  const code = body[1] === 'x' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10)
  if (!(code >= 0x9 && code <= 0x10ffff)) throw new UnreadableFileError(`xml: character ${match}`)
  return String.fromCodePoint(code)
}

/** Character data as the document means it: line ends normalised (XML 1.0 §2.11), then entities. */
export function decodeText(raw: string): string {
  const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw
  return text.includes('&') ? text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, decodeOrRefuse) : text
}

function decodeOrRefuse(match: string, body: string | undefined): string {
  if (body === undefined) throw new UnreadableFileError('xml: bare &')
  return decodeEntity(match, body)
}

/**
 * Reads the attributes `names` of a start tag (`<c r="A1" t="s">`) into `values`, in one pass,
 * prefixes ignored; an attribute the tag lacks is undefined.
 */
export function readAttributes(tag: XmlTag, names: readonly string[], values: (string | undefined)[]): void {
  for (let n = 0; n < names.length; n++) values[n] = undefined
  const { source, end } = tag
  let i = tag.attributesStart
  while (i < end) {
    while (i < end && isSpace(source.charCodeAt(i))) i++
    let local = i
    while (i < end && source.charCodeAt(i) !== 0x3d && !isSpace(source.charCodeAt(i))) {
      if (source.charCodeAt(i) === 0x3a) local = i + 1
      i++
    }
    const nameEnd = i
    while (i < end && source.charCodeAt(i) !== 0x3d) i++
    i++
    while (i < end && isSpace(source.charCodeAt(i))) i++
    const quote = source[i]
    if (quote !== '"' && quote !== "'") return
    const valueEnd = source.indexOf(quote, i + 1)
    if (valueEnd < 0 || valueEnd > end) return
    for (let n = 0; n < names.length; n++) {
      const name = names[n]!
      if (nameEnd - local === name.length && source.startsWith(name, local)) {
        values[n] = decodeText(source.slice(i + 1, valueEnd))
      }
    }
    i = valueEnd + 1
  }
}

const ONE: (string | undefined)[] = []

/** The value of one attribute of a start tag, prefix ignored, or undefined. */
export function attributeOf(tag: XmlTag, name: string): string | undefined {
  readAttributes(tag, [name], ONE)
  return ONE[0]
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
}

/** Where the tag ends (its '>'), looking from `from` and skipping '>' inside quoted values; -1 if not yet. */
function tagEnd(buffer: string, from: number): number {
  let quote = 0
  for (let i = from; i < buffer.length; i++) {
    const code = buffer.charCodeAt(i)
    if (quote !== 0) {
      if (code === quote) quote = 0
    } else if (code === 0x22 || code === 0x27) quote = code
    else if (code === 0x3e) return i
  }
  return -1
}

/** The name from `from` to `end`; the names the readers look for come back without a copy. */
function localName(buffer: string, from: number, end: number): string {
  switch (end - from) {
    case 1:
      switch (buffer.charCodeAt(from)) {
        case 0x63:
          return 'c'
        case 0x76:
          return 'v'
        case 0x74:
          return 't'
        case 0x72:
          return 'r'
        case 0x66:
          return 'f'
      }
      break
    case 2:
      if (buffer.startsWith('is', from)) return 'is'
      if (buffer.startsWith('si', from)) return 'si'
      break
    case 3:
      if (buffer.startsWith('row', from)) return 'row'
      if (buffer.startsWith('rPh', from)) return 'rPh'
      break
  }
  return buffer.slice(from, end)
}

/**
 * A small streaming XML reader for the parts of a workbook: elements, text, entities, CDATA;
 * comments and processing instructions are skipped and a DOCTYPE is refused (no entity
 * expansion). It checks no more of the grammar than reading needs: the zip's CRCs and the
 * part's closing tag tell a damaged part.
 */
export function createXmlScanner(handler: XmlHandler) {
  let pending = ''
  const tag: XmlTag = { source: '', attributesStart: 0, end: 0 }
  function feed(chunk: string): void {
    const buffer = pending === '' ? chunk : pending + chunk
    let i = 0
    while (i < buffer.length) {
      const lt = buffer.indexOf('<', i)
      if (lt < 0) break
      if (lt > i && handler.capturing) handler.text(decodeText(buffer.slice(i, lt)))
      i = lt
      if (handler.take) {
        const taken = handler.take(buffer, lt)
        if (taken > 0) {
          i = taken
          continue
        }
      }
      const second = buffer.charCodeAt(lt + 1)
      if (second === 0x21 || second === 0x3f) {
        const skipped = skipMarkup(buffer, lt)
        if (skipped < 0) break
        i = skipped
        continue
      }
      // One pass over the tag: its name (noting a prefix), then to its '>' outside quoted values.
      let at = second === 0x2f ? lt + 2 : lt + 1
      let local = at
      for (; at < buffer.length; at++) {
        const code = buffer.charCodeAt(at)
        if (code === 0x3a) local = at + 1
        else if (code <= 0x20 || code === 0x2f || code === 0x3e) break
      }
      const nameStop = at
      const gt = second === 0x2f ? buffer.indexOf('>', at) : tagEnd(buffer, at)
      if (gt < 0) break
      const name = localName(buffer, local, nameStop)
      if (second === 0x2f) handler.close(name)
      else {
        tag.source = buffer
        tag.attributesStart = nameStop
        tag.end = gt
        handler.open(name, tag, buffer.charCodeAt(gt - 1) === 0x2f)
      }
      i = gt + 1
    }
    // Text before the next tag waits for it only when it is wanted; other text is dropped.
    const rest = i < buffer.length && (buffer[i] === '<' || handler.capturing) ? buffer.slice(i) : ''
    if (rest.length > MAX_PENDING) throw new UnreadableFileError('xml: token too long')
    pending = rest
  }

  function skipMarkup(buffer: string, start: number): number {
    if (buffer.startsWith('<![CDATA[', start)) {
      const end = buffer.indexOf(']]>', start + 9)
      if (end < 0) return -1
      if (handler.capturing) handler.text(buffer.slice(start + 9, end))
      return end + 3
    }
    if (buffer.startsWith('<!--', start)) {
      const end = buffer.indexOf('-->', start + 4)
      return end < 0 ? -1 : end + 3
    }
    if (buffer.startsWith('<?', start)) {
      const end = buffer.indexOf('?>', start + 2)
      return end < 0 ? -1 : end + 2
    }
    if (buffer.length - start < 9) return -1
    throw new UnreadableFileError('xml: declarations are not allowed')
  }

  return {
    feed,
    /** The part has ended: anything left over is a cut token. */
    end(): void {
      if (pending.trim() !== '') throw new UnreadableFileError('xml: part ends inside a tag')
    },
  }
}
