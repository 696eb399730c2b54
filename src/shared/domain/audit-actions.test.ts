import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS, describeAuditAction } from './audit-actions.ts'

/** Every `action: '…'` (or `? '…' : '…'`) the server writes, outside tests. */
function actionsWritten(dir: string): Set<string> {
  const found = new Set<string>()
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8')
    for (const match of text.matchAll(
      /action:\s*(?:[\w.!]+\s*\?\s*)?'([a-z_]+\.[a-z_]+)'(?:\s*:\s*'([a-z_]+\.[a-z_]+)')?/g,
    ))
      for (const action of [match[1], match[2]]) if (action) found.add(action)
  }
  return found
}

describe('the audit action table', () => {
  it('names every action the server records', () => {
    const written = [...actionsWritten(path.resolve('src/server'))]
    expect(written.length).toBeGreaterThan(40)
    expect(written.filter((action) => !(action in AUDIT_ACTIONS))).toEqual([])
  })

  it('reads an unknown action from its own name', () => {
    expect(describeAuditAction('invoice.downloaded')).toEqual({
      kind: 'downloaded',
      data: 'Invoice',
      description: 'Invoice: downloaded',
    })
    expect(describeAuditAction('widget.spun').kind).toBe('other')
  })
})
