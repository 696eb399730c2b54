import { Image as ImageIcon, PenLine, Type } from 'lucide-react'
import { useState } from 'react'
import { IconTabsList, Tabs, TabsContent } from '#web/components/tabs.tsx'
import { DrawPad } from './draw-pad.tsx'
import type { CanvasSize, SignatureValue } from './signature-value.ts'
import { TypedSignature } from './typed-signature.tsx'
import { UploadSignature } from './upload-signature.tsx'

const MODES = [
  { value: 'drawn', label: 'Draw', Icon: PenLine },
  { value: 'typed', label: 'Type', Icon: Type },
  { value: 'uploaded', label: 'Upload', Icon: ImageIcon },
] as const
type Mode = (typeof MODES)[number]['value']

interface SignatureCreatorProps {
  size: CanvasSize
  defaultName: string
  onChange: (value: SignatureValue | null) => void
}

/** Draw, type or upload a signature (spec §3); each mode keeps its own, the open one is the answer. */
export function SignatureCreator({ size, defaultName, onChange }: SignatureCreatorProps) {
  const [mode, setMode] = useState<Mode>('drawn')
  const [values, setValues] = useState<Record<Mode, string | null>>({
    drawn: null,
    typed: null,
    uploaded: null,
  })
  const update = (which: Mode, dataUrl: string | null) => {
    setValues((current) => ({ ...current, [which]: dataUrl }))
    if (which === mode) onChange(dataUrl ? { type: which, dataUrl } : null)
  }
  const switchTo = (next: string) => {
    const chosen = next as Mode
    setMode(chosen)
    const dataUrl = values[chosen]
    onChange(dataUrl ? { type: chosen, dataUrl } : null)
  }
  return (
    <Tabs defaultValue="drawn" value={mode} onValueChange={switchTo}>
      <IconTabsList aria-label="How to sign" className="grid w-full grid-cols-3 gap-1" tabs={MODES} />
      <TabsContent value="drawn">
        <DrawPad size={size} onChange={(dataUrl) => update('drawn', dataUrl)} />
      </TabsContent>
      <TabsContent value="typed">
        <TypedSignature
          size={size}
          defaultName={defaultName}
          onChange={(dataUrl) => update('typed', dataUrl)}
        />
      </TabsContent>
      <TabsContent value="uploaded">
        <UploadSignature onChange={(dataUrl) => update('uploaded', dataUrl)} />
      </TabsContent>
    </Tabs>
  )
}
