import { posix } from 'node:path'
import { UnreadableFileError } from './import-errors.ts'
import { parseWholePart } from './xml-part-parser.ts'

export interface WorkbookParts {
  /** Zip path of the first worksheet in tab order. */
  firstSheet: string
  sharedStrings?: string
  /** Old Mac workbooks count serial dates from 1904. */
  date1904: boolean
}

/** A relationship target is relative to xl/ unless it starts with '/'. */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join('xl', target))
}

/** The first sheet's relationship id (`r:id`, whatever the prefix) and the 1904 flag. */
function readWorkbook(workbookXml: Buffer) {
  let relationId: string | undefined
  let sawSheet = false
  let date1904 = false
  parseWholePart(workbookXml, 'workbook', (name, attributes) => {
    if (name === 'sheet' && !sawSheet) {
      sawSheet = true
      relationId = Object.entries(attributes).find(([key]) => /^[\w.-]+:id$/.test(key))?.[1]
    } else if (name === 'workbookPr') {
      date1904 = ['1', 'true'].includes(attributes.date1904 ?? '')
    }
  })
  if (!sawSheet) throw new UnreadableFileError('xlsx: the workbook has no sheet')
  return { relationId, date1904 }
}

function readRelationships(relsXml: Buffer): Record<string, string>[] {
  const relations: Record<string, string>[] = []
  parseWholePart(relsXml, 'Relationships', (name, attributes) => {
    if (name === 'Relationship') relations.push(attributes)
  })
  return relations
}

/**
 * Finds the first sheet the way Excel shows it: the first <sheet> of workbook.xml, through its
 * relationship id, to the part in workbook.xml.rels. Both parts are small and read whole; namespace
 * prefixes (x:sheet, r:id) that some writers use are allowed.
 */
export function findWorkbookParts(workbookXml: Buffer, relsXml: Buffer): WorkbookParts {
  const { relationId, date1904 } = readWorkbook(workbookXml)
  const relations = readRelationships(relsXml)
  const sheetRelation = relations.find((r) => r.Id === relationId)
  const sheetTarget = sheetRelation?.Target
  if (!sheetTarget || sheetRelation?.TargetMode === 'External') {
    throw new UnreadableFileError('xlsx: the first sheet has no part')
  }
  const stringsTarget = relations.find((r) => r.Type?.endsWith('/sharedStrings'))?.Target
  return {
    firstSheet: partPath(sheetTarget),
    ...(stringsTarget ? { sharedStrings: partPath(stringsTarget) } : {}),
    date1904,
  }
}
