import { useEffect } from 'react'
import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { whenIdle } from './when-idle.ts'

export interface LazyResolver<T extends FieldValues> {
  resolver: Resolver<T>
  /** Starts loading the schema and the resolver; the first validation waits for the same load. */
  preload: () => Promise<unknown>
}

/**
 * A react-hook-form resolver for a contract's schema that loads the schema's module, and zod with
 * it, only when the browser is idle or at the first validation, so a page whose first screen is a
 * form (sign-in) carries no schema in its first load (decision 009). The messages are the schema's
 * own, as with `zodResolver`.
 */
export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<z.ZodType>,
): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined
  const preload = () => {
    loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as z.ZodType<T, T>) as Resolver<T>,
    )
    return loading
  }
  return {
    resolver: async (values, context, options) => (await preload())(values, context, options),
    preload,
  }
}

/** Loads a lazy resolver once the page is idle, so the first submit does not wait for it. */
export function usePreloadWhenIdle({ preload }: Pick<LazyResolver<FieldValues>, 'preload'>): void {
  useEffect(() => whenIdle(() => void preload()), [preload])
}
