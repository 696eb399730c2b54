import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto'
import forge from 'node-forge'

export type SealCheck = { ok: true; fingerprint: string; signedData: Buffer } | { ok: false; reason: string }

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g

/** The last signature's byte range and its PKCS#7 bytes, or why the file has none we can read. */
function findSeal(pdf: Buffer): { range: number[]; pkcs7: Buffer } | { reason: string } {
  const text = pdf.toString('latin1')
  const matches = [...text.matchAll(BYTE_RANGE)]
  const last = matches.at(-1)
  if (!last) return { reason: 'The document carries no digital seal.' }
  const range = last.slice(1, 5).map(Number)
  const [start, firstLength, secondStart, secondLength] = range as [number, number, number, number]
  if (start !== 0 || secondStart + secondLength !== pdf.length) {
    return { reason: 'The seal does not cover the whole document: content was added after sealing.' }
  }
  const hex = text.slice(firstLength + 1, secondStart - 1)
  if (text[firstLength] !== '<' || text[secondStart - 1] !== '>' || !/^[0-9a-fA-F]*$/.test(hex)) {
    return { reason: 'The seal’s signature is malformed.' }
  }
  return { range, pkcs7: Buffer.from(hex.replace(/(?:00)+$/, ''), 'hex') }
}

/**
 * Checks a PDF's seal as a reader would: the byte range covers the whole file but the signature,
 * the signed attributes' message digest is the SHA-256 of those bytes, and the certificate in the
 * seal signed the attributes. Answers the certificate's fingerprint, for the caller to decide
 * whether it trusts it (our own certificate, recorded with the signature).
 */
export function verifySeal(pdf: Buffer): SealCheck {
  const found = findSeal(pdf)
  if ('reason' in found) return { ok: false, reason: found.reason }
  const [, firstLength, secondStart, secondLength] = found.range as [number, number, number, number]
  const signedData = Buffer.concat([
    pdf.subarray(0, firstLength),
    pdf.subarray(secondStart, secondStart + secondLength),
  ])
  try {
    const message = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(found.pkcs7.toString('binary'))),
    ) as forge.pkcs7.PkcsSignedData & {
      rawCapture: {
        signature: string
        authenticatedAttributes: forge.asn1.Asn1[]
        digestAlgorithm: string
        serial: string
      }
    }
    const { signature, authenticatedAttributes, digestAlgorithm, serial } = message.rawCapture
    if (forge.asn1.derToOid(digestAlgorithm) !== forge.pki.oids.sha256) {
      return { ok: false, reason: 'The seal uses a digest other than SHA-256.' }
    }
    const digestAttribute = authenticatedAttributes.find(
      (attribute) =>
        forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0]!.value as string) ===
        forge.pki.oids.messageDigest,
    )
    const sealedDigest = ((digestAttribute?.value as forge.asn1.Asn1[])?.[1]?.value as forge.asn1.Asn1[])?.[0]
      ?.value as string | undefined
    const digest = createHash('sha256').update(signedData).digest('binary')
    if (sealedDigest !== digest) {
      return {
        ok: false,
        reason: 'The document’s bytes do not match its seal: it was modified after sealing.',
      }
    }
    // The signer's own certificate, among any chain the seal carries.
    const cert = message.certificates.find((each) => each.serialNumber === forge.util.bytesToHex(serial))
    if (!cert) return { ok: false, reason: 'The seal carries no certificate.' }
    const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary')
    const attributes = forge.asn1.create(
      forge.asn1.Class.UNIVERSAL,
      forge.asn1.Type.SET,
      true,
      authenticatedAttributes,
    )
    const signedAttributes = Buffer.from(forge.asn1.toDer(attributes).getBytes(), 'binary')
    const valid = verifySignature(
      'sha256',
      signedAttributes,
      new X509Certificate(der).publicKey,
      Buffer.from(signature, 'binary'),
    )
    if (!valid) return { ok: false, reason: 'The seal’s signature does not verify with its certificate.' }
    return { ok: true, fingerprint: createHash('sha256').update(der).digest('hex'), signedData }
  } catch {
    return { ok: false, reason: 'The seal’s signature cannot be read.' }
  }
}
