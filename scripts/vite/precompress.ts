import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text worth compressing; images, fonts and PDFs are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/
/** Below this, the headers cost more than compression saves. */
export const MIN_COMPRESS_BYTES = 1024

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every text asset of the build, once, so
 * the server sends them as they are (@fastify/static's preCompressed) instead of compressing
 * each response.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file))
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file)
          const content = await readFile(full)
          if (content.length < MIN_COMPRESS_BYTES) return
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ])
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)])
        }),
      )
    },
  }
}
