import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ChatComposer } from './chat-composer.tsx'

function setup(busy = false) {
  const onSend = vi.fn()
  render(<ChatComposer busy={busy} onSend={onSend} />)
  const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement
  return { onSend, box }
}

describe('the assistant’s message box', () => {
  it('sends on Enter and empties itself', () => {
    const { onSend, box } = setup()
    fireEvent.change(box, { target: { value: 'How many clients do I have?' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSend).toHaveBeenCalledWith('How many clients do I have?')
    expect(box.value).toBe('')
  })

  it('leaves Shift+Enter to the text box (a new line) and sends nothing', () => {
    const { onSend, box } = setup()
    fireEvent.change(box, { target: { value: 'First line' } })
    const event = fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })
    expect(event).toBe(true) // not prevented: the browser inserts the newline
    expect(onSend).not.toHaveBeenCalled()
  })

  it('sends nothing blank, nor while an answer is on its way', () => {
    const blank = setup()
    fireEvent.change(blank.box, { target: { value: '   \n ' } })
    fireEvent.keyDown(blank.box, { key: 'Enter' })
    expect(blank.onSend).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled()
  })

  it('holds a message while the previous answer streams', () => {
    const { onSend, box } = setup(true)
    fireEvent.change(box, { target: { value: 'Next question' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onSend).not.toHaveBeenCalled()
    expect(box.value).toBe('Next question')
  })
})
