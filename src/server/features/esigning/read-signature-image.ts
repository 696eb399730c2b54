import { createHash } from 'node:crypto'
import { PNG } from 'pdf-lib/cjs/utils/png.js'
import { AppError } from '#server/platform/app-error.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { SIGNATURE_IMAGE_MAX_BYTES, SIGNATURE_IMAGE_MAX_PIXELS } from '#shared/domain/esigning.ts'

export interface SignatureImage {
  bytes: Buffer
  contentType: 'image/png' | 'image/jpeg'
  sha256: string
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

const refuse = (message: string, code: 'INVALID_INPUT' | 'PAYLOAD_TOO_LARGE' = 'INVALID_INPUT') =>
  new AppError(code, { message, fieldErrors: [{ path: 'signatureData', message }] })

/** Whether anything shows: a pixel neither transparent nor (near) white. */
function hasInk(png: PNG): boolean {
  const channels = png.rgbChannel.length / (png.width * png.height)
  for (let pixel = 0; pixel < png.width * png.height; pixel++) {
    if (png.alphaChannel && png.alphaChannel[pixel]! < 16) continue
    const at = pixel * channels
    const light =
      channels >= 3
        ? Math.min(png.rgbChannel[at]!, png.rgbChannel[at + 1]!, png.rgbChannel[at + 2]!)
        : png.rgbChannel[at]!
    if (light < 235) return true
  }
  return false
}

/**
 * A signature image from its data URL, judged by its bytes: a PNG or a JPEG, at most 2 MB, and
 * for a PNG (what the browser draws, types and converts uploads to) with a visible mark on it.
 */
export function readSignatureImage(dataUrl: string): SignatureImage {
  const header = DATA_URL.exec(dataUrl.slice(0, 200))
  if (!header || !header[2]!.split(';').includes('base64')) throw refuse(ESIGNING_TEXTS.notAnImage)
  const bytes = Buffer.from(dataUrl.slice(header[0].length), 'base64')
  if (bytes.length > SIGNATURE_IMAGE_MAX_BYTES)
    throw refuse(ESIGNING_TEXTS.imageTooLarge, 'PAYLOAD_TOO_LARGE')
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { bytes, contentType: 'image/jpeg', sha256 }
  }
  if (!bytes.subarray(0, 8).equals(PNG_MAGIC) || bytes.length < 33) throw refuse(ESIGNING_TEXTS.notAnImage)
  // The header's size first: a huge canvas is refused before it is decoded.
  if (bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > SIGNATURE_IMAGE_MAX_PIXELS) {
    throw refuse(ESIGNING_TEXTS.imageTooManyPixels)
  }
  let png: PNG
  try {
    png = PNG.load(bytes)
  } catch {
    throw refuse(ESIGNING_TEXTS.notAnImage)
  }
  if (!hasInk(png)) throw refuse(ESIGNING_TEXTS.blankSignature)
  return { bytes, contentType: 'image/png', sha256 }
}
