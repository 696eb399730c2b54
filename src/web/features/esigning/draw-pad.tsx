import { Eraser } from 'lucide-react'
import { useEffect, useRef } from 'react'
import SignaturePad from 'signature_pad'
import { SIGNATURE_CANVAS } from '#shared/domain/esigning.ts'
import { Button } from '#web/components/button.tsx'
import type { CanvasSize } from './signature-value.ts'

interface DrawPadProps {
  size: CanvasSize
  /** The drawing as a PNG data URL, or null while nothing is drawn (a blank pad is no signature). */
  onChange: (dataUrl: string | null) => void
}

/**
 * signature_pad on the spec's canvas (400×200 in the dialog, 500×150 when signing directly), as
 * wide as the screen allows at that shape; the pixels follow the screen's density, so strokes stay
 * sharp, and a resize keeps what was drawn.
 */
export function DrawPad({ size, onChange }: DrawPadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const padRef = useRef<SignaturePad | null>(null)
  const { width, height } = SIGNATURE_CANVAS[size]

  useEffect(() => {
    const canvas = canvasRef.current!
    const pad = new SignaturePad(canvas, { penColor: 'rgb(20, 30, 90)', minWidth: 0.8, maxWidth: 2.6 })
    padRef.current = pad
    const fitCanvas = () => {
      const data = pad.toData()
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      const shown = Math.min(width, canvas.parentElement?.clientWidth || width)
      canvas.style.width = `${shown}px`
      canvas.style.height = `${(shown * height) / width}px`
      canvas.width = shown * ratio
      canvas.height = ((shown * height) / width) * ratio
      canvas.getContext('2d')?.scale(ratio, ratio)
      pad.fromData(data)
    }
    fitCanvas()
    const report = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'))
    pad.addEventListener('endStroke', report)
    window.addEventListener('resize', fitCanvas)
    return () => {
      window.removeEventListener('resize', fitCanvas)
      pad.removeEventListener('endStroke', report)
      pad.off()
    }
  }, [width, height])

  return (
    <div className="grid gap-2">
      <div className="w-full">
        <canvas
          ref={canvasRef}
          data-testid={`signature-pad-${size}`}
          aria-label={`Signature drawing area, ${width} by ${height}. Draw your signature with a mouse, pen or finger.`}
          className="touch-none rounded-md border border-slate-300 bg-white"
        />
      </div>
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            padRef.current?.clear()
            onChange(null)
          }}
        >
          <Eraser aria-hidden="true" />
          Clear
        </Button>
      </div>
    </div>
  )
}
