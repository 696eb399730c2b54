import { crc32, deflateSync } from 'node:zlib'

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A signature-like stroke on a transparent canvas, as a PNG: the demo agency's signatures (made
 * on the server, where there is no canvas) and tests. `blank` leaves the canvas empty, as an
 * untouched signature pad sends it.
 */
export function scribblePng(
  options: { width?: number; height?: number; blank?: boolean; seed?: number } = {},
) {
  const { width = 400, height = 200, blank = false, seed = 1 } = options
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const rows: Buffer[] = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4)
    for (let x = 0; x < width; x++) {
      const curve =
        height / 2 + Math.sin((x + seed * 17) / 13) * height * 0.22 + Math.sin(x / 41) * height * 0.1
      const ink = !blank && x > width * 0.08 && x < width * 0.92 && Math.abs(y - curve) < 2.2
      row.set([20, 30, 90, ink ? 255 : 0], 1 + x * 4)
    }
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export function pngDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`
}
