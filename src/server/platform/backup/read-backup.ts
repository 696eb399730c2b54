import { createReadStream } from 'node:fs'
import { mkdir, open } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { assertValidKey } from '../storage/storage.ts'
import {
  type BackupManifest,
  BackupManifestSchema,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  PGDATA_ENTRY,
} from './backup-manifest.ts'
import { readTar, type TarSink } from './tar-reader.ts'

export class BadBackupError extends Error {}

export interface ReadBackup {
  manifest: BackupManifest
  /** PGlite's dump, for `loadDataDir`. */
  pgdata: Blob
  files: number
}

function memorySink(parts: Buffer[]): TarSink {
  return {
    write: (chunk) => void parts.push(Buffer.from(chunk)),
    end: async () => {},
  }
}

async function fileSink(file: string): Promise<TarSink> {
  await mkdir(path.dirname(file), { recursive: true })
  const handle = await open(file, 'wx', 0o600)
  return {
    async write(chunk) {
      let offset = 0
      while (offset < chunk.length) offset += (await handle.write(chunk, offset)).bytesWritten
    },
    end: () => handle.close(),
  }
}

function parseManifest(parts: Buffer[]): BackupManifest {
  try {
    return BackupManifestSchema.parse(JSON.parse(Buffer.concat(parts).toString('utf8')))
  } catch {
    throw new BadBackupError('The archive’s manifest is not one this version of the app can restore.')
  }
}

/**
 * Reads a backup archive: the database dump into memory (PGlite loads it from there) and each
 * file under `filesDir`, named by its storage key. Refuses what is not a whole backup of ours: no
 * manifest first, an entry outside the layout (backup-manifest.ts), a name that is not a valid
 * storage key (so nothing lands outside `filesDir`), fewer files than the manifest counts, or
 * bytes whose gzip checksum fails.
 */
export async function readBackup(archive: string, filesDir: string): Promise<ReadBackup> {
  const manifestParts: Buffer[] = []
  const pgdataParts: Buffer[] = []
  let manifest: BackupManifest | undefined
  let files = 0
  const gunzip = createGunzip()
  const piping = pipeline(createReadStream(archive), gunzip)
  piping.catch(() => {})
  try {
    await readTar(gunzip, async ({ name }) => {
      if (!manifest && name !== MANIFEST_ENTRY)
        throw new BadBackupError('This is not a backup of this app: it does not start with its manifest.')
      if (name === MANIFEST_ENTRY) {
        return {
          ...memorySink(manifestParts),
          end: async () => {
            manifest = parseManifest(manifestParts)
          },
        }
      }
      if (name === PGDATA_ENTRY) return memorySink(pgdataParts)
      const key = name.startsWith(FILES_PREFIX) ? name.slice(FILES_PREFIX.length) : null
      try {
        if (key === null) throw new Error()
        assertValidKey(key)
      } catch {
        throw new BadBackupError(`The archive holds an entry a backup never has: ${JSON.stringify(name)}`)
      }
      files++
      return fileSink(path.join(filesDir, ...key.split('/')))
    })
    await piping
  } catch (error) {
    gunzip.destroy()
    if (error instanceof BadBackupError) throw error
    throw new BadBackupError(`The archive cannot be read whole: ${(error as Error).message}`)
  }
  if (!manifest || pgdataParts.length === 0) throw new BadBackupError('The archive holds no database.')
  if (files !== manifest.files)
    throw new BadBackupError(`The archive holds ${files} files where its manifest counts ${manifest.files}.`)
  return {
    manifest,
    pgdata: new Blob(pgdataParts as unknown as BlobPart[], { type: 'application/x-tar' }),
    files,
  }
}
