import { zodResolver } from '@hookform/resolvers/zod'
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { type ItemInput, useSaveItem } from './marketplace.queries.ts'

interface ItemFormOptions<V extends FieldValues, K extends ItemKind> {
  kind: K
  /** The contract's input schema (or the form's own around it); the form's values are its input. */
  schema: z.ZodType
  defaults: DefaultValues<V>
  /** The item being edited, or none for a new one. */
  editingId?: string
  /** The spec's success toast for a new item. */
  created: string
  onDone: () => void
}

/**
 * One marketplace form: the contract's schema checks it in the browser (and parses the comma
 * lists), the answer closes the dialog with the spec's toast, and the server's field messages land
 * on their fields.
 */
export function useItemForm<V extends FieldValues, K extends ItemKind>(options: ItemFormOptions<V, K>) {
  const save = useSaveItem(options.kind)
  const form = useForm<V, unknown, ItemInput<K>>({
    resolver: zodResolver(options.schema as never) as unknown as Resolver<V, unknown, ItemInput<K>>,
    defaultValues: options.defaults,
  })

  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: options.editingId, input },
      {
        onSuccess: () => {
          showToast({
            title: options.editingId ? 'Saved' : options.created,
            description: options.editingId ? 'Your changes are shown to everyone.' : undefined,
            variant: 'success',
          })
          form.reset(options.defaults)
          options.onDone()
        },
        onError: (error) => {
          applyFieldErrors(error, Object.keys(options.defaults) as Path<V>[], form.setError)
          showToast({
            title: 'Error',
            description: isApiError(error) ? error.message : T.failed,
            variant: 'destructive',
          })
        },
      },
    ),
  )
  return { form, submit, saving: save.isPending }
}
