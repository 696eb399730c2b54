import type { SignatureType } from '#shared/domain/esigning.ts'

/** A signature ready to send: how it was made and its PNG data URL. */
export interface SignatureValue {
  type: SignatureType
  dataUrl: string
}

export type CanvasSize = 'dialog' | 'direct'
