import { ImageUp } from 'lucide-react'
import { LOGO_MAX_BYTES, SETTINGS_TEXTS as T } from '#shared/contracts/settings.contract.ts'
import { isApiError } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useFileDrop } from '#web/lib/use-file-drop.ts'
import { useUploadLogo } from './settings.queries.ts'

/** A quick check before sending; the server judges the content (PNG/JPEG bytes) and size again. */
function browserRefusal(file: File): string | null {
  if (file.size > LOGO_MAX_BYTES) return T.logoTooLarge
  if (file.type && !['image/png', 'image/jpeg'].includes(file.type)) return T.logoType
  return null
}

/** The logo: shown as it is now, replaced as soon as a new file is chosen or dropped. */
export function LogoUpload({ logoUrl, disabled }: { logoUrl: string | null; disabled: boolean }) {
  const upload = useUploadLogo()
  function send(file: File) {
    const refusal = browserRefusal(file)
    if (refusal) return showToast({ title: T.logoFailed, description: refusal, variant: 'destructive' })
    upload.mutate(file, {
      onSuccess: () => showToast({ title: T.logoUploaded, variant: 'success' }),
      onError: (error) =>
        showToast({
          title: T.logoFailed,
          description: isApiError(error) ? error.message : undefined,
          variant: 'destructive',
        }),
    })
  }
  const busy = disabled || upload.isPending
  const { dragging, handlers, className } = useFileDrop({
    disabled: busy,
    onFiles: (files) => files[0] && send(files[0]),
  })
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium text-slate-900">Logo</span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-20 w-[200px] items-center justify-center rounded-md border border-slate-200 bg-slate-50">
          {logoUrl ? (
            <img src={logoUrl} alt="Current logo" className="max-h-20 max-w-[200px] object-contain" />
          ) : (
            <span className="text-xs text-slate-600">No logo yet</span>
          )}
        </div>
        <label
          htmlFor="branding-logo"
          {...handlers}
          data-dragging={dragging || undefined}
          className={cn(className, 'min-w-56 flex-1 gap-1 px-4 py-4 text-sm')}
        >
          <ImageUp aria-hidden="true" className="size-6 text-violet-700" />
          <span className="font-medium text-slate-900">
            {upload.isPending
              ? 'Uploading…'
              : dragging
                ? 'Drop the logo here'
                : 'Drop a logo here, or click to choose one'}
          </span>
          <span id="branding-logo-hint" className="text-xs text-slate-600">
            {T.logoHint}
          </span>
          <input
            id="branding-logo"
            name="logo"
            type="file"
            accept="image/png,image/jpeg"
            aria-label="Choose a logo"
            aria-describedby="branding-logo-hint"
            disabled={busy}
            className="sr-only"
            onChange={(event) => {
              const first = event.target.files?.[0]
              event.target.value = ''
              if (first) send(first)
            }}
          />
        </label>
      </div>
    </div>
  )
}
