import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useImportProgress } from './use-import-progress.ts'

describe('useImportProgress', () => {
  it('rises 10 points every 200 ms and stops at 90', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useImportProgress(true))
    expect(result.current).toBe(0)
    act(() => vi.advanceTimersByTime(200))
    expect(result.current).toBe(10)
    act(() => vi.advanceTimersByTime(199))
    expect(result.current).toBe(10)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe(20)
    act(() => vi.advanceTimersByTime(5000))
    expect(result.current).toBe(90)
  })

  it('starts again from 0 on the next import', () => {
    vi.useFakeTimers()
    const { result, rerender } = renderHook(({ running }) => useImportProgress(running), {
      initialProps: { running: true },
    })
    act(() => vi.advanceTimersByTime(600))
    rerender({ running: false })
    act(() => vi.advanceTimersByTime(600))
    expect(result.current).toBe(30)
    rerender({ running: true })
    expect(result.current).toBe(0)
  })
})
