import { mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { pdfsig } from '#test/poppler.ts'
import { sealPdf } from './pdf/seal-pdf.ts'
import { verifySeal } from './pdf/verify-seal.ts'
import { GENERATED_P12_FILE, generateP12, signingCertificateLoader } from './signing-certificate.service.ts'

const dir = () => mkdtempSync(path.join(tmpdir(), 'signing-cert-'))

describe('the sealing certificate', () => {
  it('is generated once into DATA_DIR, readable by its owner only, and the same afterwards', () => {
    const dataDir = dir()
    const first = signingCertificateLoader({ dataDir })()
    expect(first.selfSigned).toBe(true)
    expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/)
    expect(statSync(path.join(dataDir, GENERATED_P12_FILE)).mode & 0o777).toBe(0o600)
    expect(signingCertificateLoader({ dataDir })().fingerprint).toBe(first.fingerprint)
  })

  it('is read from SIGNING_P12_PATH with its passphrase and seals with it; a wrong passphrase says so', async () => {
    const file = path.join(dir(), 'agency.p12')
    writeFileSync(file, generateP12('s3cret pass'))
    const loaded = signingCertificateLoader({ p12Path: file, passphrase: 's3cret pass', dataDir: dir() })()
    expect(loaded.passphrase).toBe('s3cret pass')
    expect(loaded.certificatePem).toContain('BEGIN CERTIFICATE')
    const doc = await PDFDocument.create()
    doc.addPage()
    const sealed = await sealPdf(doc, loaded, {
      reason: 'test',
      signerName: 'Casey',
      contactInfo: 'casey@example.com',
      location: 'here',
      signedAt: new Date(),
    })
    expect(pdfsig(sealed)).toContain('Signature is Valid.')
    expect(verifySeal(sealed)).toMatchObject({ ok: true, fingerprint: loaded.fingerprint })
    expect(() => signingCertificateLoader({ p12Path: file, passphrase: 'wrong', dataDir: dir() })()).toThrow(
      /cannot be opened/,
    )
  })
})
