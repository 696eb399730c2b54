import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { millisecondsInDay } from 'date-fns/constants'
import forge from 'node-forge'

/** The certificate that seals signed PDFs (a PKCS#12 file: the private key and its certificate). */
export interface SigningCertificate {
  p12: Buffer
  passphrase: string
  /** The certificate alone, PEM: what a seal's signature is checked against. */
  certificatePem: string
  /** SHA-256 of the certificate's DER, hex: recorded with each signature, so a seal names its key. */
  fingerprint: string
  /** The subject's common name, shown on the certificate page. */
  commonName: string
  selfSigned: boolean
}

export const GENERATED_P12_FILE = 'signing.p12'

/** A self-signed certificate for sealing, valid ten years (README: replace it with a CA's for production). */
export function generateP12(passphrase = ''): Buffer {
  // Node makes the key (forge's pure-JavaScript RSA takes seconds); forge writes the certificate.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString())
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e)
  // A positive serial: its first bit clear (RFC 5280 §4.1.2.2).
  cert.serialNumber = `0${randomBytes(15).toString('hex')}`
  cert.validity.notBefore = new Date(Date.now() - millisecondsInDay)
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * millisecondsInDay)
  const subject = [
    { name: 'commonName', value: 'Agency Back Office document seal (self-signed)' },
    { name: 'organizationName', value: 'Agency Back Office' },
  ]
  cert.setSubject(subject)
  cert.setIssuer(subject)
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ])
  cert.sign(key, forge.md.sha256.create())
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: 'aes256' })
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')
}

/** Reads the certificate out of a P12, proving the passphrase opens it and it holds a key. */
export function readP12(p12: Buffer, passphrase: string): SigningCertificate {
  let parsed: forge.pkcs12.Pkcs12Pfx
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, passphrase)
  } catch (error) {
    throw new Error(`The signing certificate cannot be opened (wrong passphrase or not a P12): ${error}`)
  }
  const keyBag = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[
    forge.pki.oids.pkcs8ShroudedKeyBag!
  ]?.[0]
  const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined
  if (!key) throw new Error('The signing certificate holds no private key')
  const certs = parsed.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? []
  const cert = certs
    .map((bag) => bag.cert)
    .find((each): each is forge.pki.Certificate => {
      const publicKey = each?.publicKey as forge.pki.rsa.PublicKey | undefined
      return publicKey?.n?.compareTo(key.n) === 0
    })
  if (!cert) throw new Error('The signing certificate holds no certificate for its private key')
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary')
  const commonName = String(cert.subject.getField('CN')?.value ?? 'unnamed')
  return {
    p12,
    passphrase,
    certificatePem: forge.pki.certificateToPem(cert),
    fingerprint: createHash('sha256').update(der).digest('hex'),
    commonName,
    selfSigned: cert.isIssuer(cert),
  }
}

/**
 * SIGNING_P12_PATH (with SIGNING_P12_PASSPHRASE), or the platform's own self-signed certificate,
 * generated once into DATA_DIR/signing.p12 with mode 0600. Answers a loader that reads it at first
 * use, once: the server asks at start so a wrong path or passphrase stops it there.
 */
export function signingCertificateLoader(options: {
  p12Path?: string
  passphrase?: string
  dataDir: string
}): () => SigningCertificate {
  let loaded: SigningCertificate | undefined
  return () => {
    if (loaded) return loaded
    if (options.p12Path) {
      loaded = readP12(readFileSync(options.p12Path), options.passphrase ?? '')
      return loaded
    }
    const file = path.resolve(options.dataDir, GENERATED_P12_FILE)
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true })
      try {
        writeFileSync(file, generateP12(), { mode: 0o600, flag: 'wx' })
      } catch (error) {
        // Another process wrote it first: use theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
    }
    loaded = readP12(readFileSync(file), '')
    return loaded
  }
}
