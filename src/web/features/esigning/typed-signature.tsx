import { useEffect, useId, useRef, useState } from 'react'
import {
  DIRECT_CURSIVE_FONT_PX,
  SIGNATURE_CANVAS,
  SIGNATURE_FONT_LABELS,
  SIGNATURE_FONTS,
  type SignatureFont,
  TYPED_FONT_PX,
} from '#shared/domain/esigning.ts'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'
import type { CanvasSize } from './signature-value.ts'

interface TypedSignatureProps {
  size: CanvasSize
  defaultName: string
  onChange: (dataUrl: string | null) => void
}

/** Spec §9: 30px on the 400×100 canvas, a cursive name 32px when signing directly. */
export function fontPxOf(font: SignatureFont, size: CanvasSize): number {
  return font === 'cursive' && size === 'direct' ? DIRECT_CURSIVE_FONT_PX : TYPED_FONT_PX
}

/** The name drawn in the chosen font on a 400×100 canvas; blank text is no signature. */
export function TypedSignature({ size, defaultName, onChange }: TypedSignatureProps) {
  const id = useId()
  const [name, setName] = useState(defaultName)
  const [font, setFont] = useState<SignatureFont>('cursive')
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const { width, height } = SIGNATURE_CANVAS.typed

  useEffect(() => {
    const canvas = canvasRef.current!
    const context = canvas.getContext('2d')
    if (!context) return
    context.clearRect(0, 0, width, height)
    const text = name.trim()
    if (!text) return onChangeRef.current(null)
    context.fillStyle = 'rgb(20, 30, 90)'
    context.font = `${fontPxOf(font, size)}px ${font}`
    context.textAlign = 'center'
    context.textBaseline = 'middle'
    context.fillText(text, width / 2, height / 2, width - 16)
    onChangeRef.current(canvas.toDataURL('image/png'))
  }, [name, font, size, width, height])

  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Your name">
          {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <Field id={`${id}-font`} label="Font">
          {(control) => (
            <Select
              {...control}
              value={font}
              onChange={(event) => setFont(event.target.value as SignatureFont)}
              options={SIGNATURE_FONTS.map((value) => ({ value, label: SIGNATURE_FONT_LABELS[value] }))}
            />
          )}
        </Field>
      </div>
      <canvas
        ref={canvasRef}
        width={width}
        height={height}
        data-testid="typed-signature-preview"
        role="img"
        aria-label={name.trim() ? `Typed signature: ${name.trim()}` : 'Typed signature preview (empty)'}
        className="h-auto w-full max-w-[400px] rounded-md border border-slate-300 bg-white"
      />
    </div>
  )
}
