import { open } from 'node:fs/promises'

/** Makes a rename in this folder durable: without it a power cut can undo it after the row commits. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
