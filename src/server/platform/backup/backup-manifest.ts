import { z } from 'zod'

/**
 * What one backup archive holds, in this order:
 *   manifest.json   this record
 *   pgdata.tar      PGlite's own dump of DATA_DIR/pgdata (what PGlite loads back)
 *   files/<key>     each stored file of DATA_DIR/files, under its storage key
 * Nothing else: the archive is made from this allow-list, never by copying DATA_DIR, so the keys
 * beside the data (KEY_FILES) and anything an admin leaves there stay out of it.
 */
export const MANIFEST_ENTRY = 'manifest.json'
export const PGDATA_ENTRY = 'pgdata.tar'
export const FILES_PREFIX = 'files/'

export const BACKUP_FORMAT = 'agency-back-office-backup'

export const BackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The PostgreSQL inside PGlite: a data directory opens only in the same major version. */
  postgresVersion: z.string(),
  /** How many files follow the database, so a restore can tell the archive is whole. */
  files: z.number().int().min(0),
  /** False when the files live in S3 (S3_BUCKET): the bucket keeps them, with its versioning. */
  filesIncluded: z.boolean(),
})
export type BackupManifest = z.infer<typeof BackupManifestSchema>

/**
 * The secrets the app generates into DATA_DIR when they are not configured. None is ever in a
 * backup: kept beside it, they would open what they protect to whoever gets the archive.
 */
export const KEY_FILES = ['encryption.key', 'audit-signing.key', 'session.key', 'signing.p12'] as const
