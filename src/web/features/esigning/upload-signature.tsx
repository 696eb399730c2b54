import { ImageUp } from 'lucide-react'
import { useId, useState } from 'react'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { checkSignatureImage } from './check-files.ts'

interface UploadSignatureProps {
  onChange: (dataUrl: string | null) => void
}

const MAX = { width: 800, height: 400 }

/** An image file as a PNG data URL, scaled to fit 800×400: a photo's metadata does not travel with it. */
function toPng(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onerror = () => reject(reader.error)
    reader.onload = () => {
      const image = new Image()
      image.onerror = () => reject(new Error('not an image'))
      image.onload = () => {
        const scale = Math.min(1, MAX.width / image.naturalWidth, MAX.height / image.naturalHeight)
        const canvas = document.createElement('canvas')
        canvas.width = Math.max(1, Math.round(image.naturalWidth * scale))
        canvas.height = Math.max(1, Math.round(image.naturalHeight * scale))
        canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height)
        resolve(canvas.toDataURL('image/png'))
      }
      image.src = String(reader.result)
    }
    reader.readAsDataURL(file)
  })
}

/** Spec §5: an image file under 2 MB, refused with the spec's words otherwise. */
export function UploadSignature({ onChange }: UploadSignatureProps) {
  const id = useId()
  const [preview, setPreview] = useState<string | null>(null)

  async function take(file: File) {
    const refusal = checkSignatureImage(file)
    if (refusal) {
      showToast({ ...refusal, variant: 'destructive' })
      return
    }
    try {
      const png = await toPng(file)
      setPreview(png)
      onChange(png)
    } catch {
      showToast({
        title: ESIGNING_TEXTS.invalidImageTitle,
        description: ESIGNING_TEXTS.invalidImage,
        variant: 'destructive',
      })
    }
  }

  return (
    <div className="grid gap-3">
      <label
        htmlFor={id}
        className="flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 p-4 text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-700"
      >
        <ImageUp aria-hidden="true" className="size-6 text-violet-700" />
        <span className="font-medium text-slate-900">Choose an image of your signature</span>
        <span className="text-slate-600">PNG or JPG, under 2MB</span>
        <input
          id={id}
          type="file"
          accept="image/*"
          aria-label="Choose a signature image"
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void take(file)
          }}
        />
      </label>
      {preview && (
        <img
          src={preview}
          alt="Uploaded signature"
          className="max-h-32 w-auto max-w-full rounded-md border border-slate-300 bg-white object-contain"
        />
      )}
    </div>
  )
}
