import { posix } from 'node:path'
import { UnreadableFileError } from './import-errors.ts'

export interface WorkbookParts {
  /** Zip path of the first worksheet in tab order. */
  firstSheet: string
  sharedStrings?: string
  /** Old Mac workbooks count serial dates from 1904. */
  date1904: boolean
}

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>()
  for (const match of tag.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1]!, (match[2] ?? match[3] ?? '').replaceAll('&amp;', '&'))
  }
  return attributes
}

/** A relationship target is relative to xl/ unless it starts with '/'. */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join('xl', target))
}

/**
 * Finds the first sheet the way Excel shows it: the first <sheet> of workbook.xml, through its
 * relationship id, to the part in workbook.xml.rels. Both parts are small and read whole; the
 * regular expressions tolerate namespace prefixes (x:sheet, r:id) that some writers use.
 */
export function findWorkbookParts(workbookXml: string, relsXml: string): WorkbookParts {
  const sheetTag = /<(?:[\w.-]+:)?sheet\b[^>]*>/.exec(workbookXml)?.[0]
  if (!sheetTag) throw new UnreadableFileError('xlsx: the workbook has no sheet')
  const relationId = [...attributesOf(sheetTag)].find(([name]) => /^[\w.-]+:id$/.test(name))?.[1]
  const relations = [...relsXml.matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)].map((m) =>
    attributesOf(m[0]),
  )
  const sheetRelation = relations.find((r) => r.get('Id') === relationId)
  const sheetTarget = sheetRelation?.get('Target')
  if (!sheetTarget || sheetRelation?.get('TargetMode') === 'External') {
    throw new UnreadableFileError('xlsx: the first sheet has no part')
  }
  const stringsTarget = relations.find((r) => r.get('Type')?.endsWith('/sharedStrings'))?.get('Target')
  const workbookPr = /<(?:[\w.-]+:)?workbookPr\b[^>]*>/.exec(workbookXml)?.[0]
  const date1904 = workbookPr ? ['1', 'true'].includes(attributesOf(workbookPr).get('date1904') ?? '') : false
  return {
    firstSheet: partPath(sheetTarget),
    ...(stringsTarget ? { sharedStrings: partPath(stringsTarget) } : {}),
    date1904,
  }
}
