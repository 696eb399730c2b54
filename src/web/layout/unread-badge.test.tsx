import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatUnreadCount, UnreadBadge } from './unread-badge.tsx'

describe('UnreadBadge', () => {
  it('shows 99+ above 99', () => {
    render(<UnreadBadge count={100} />)
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('99+')
  })

  it('shows the count up to 99', () => {
    render(<UnreadBadge count={99} />)
    expect(screen.getByTestId('unread-badge')).toHaveTextContent(/^99$/)
  })

  it('is absent when nothing is unread', () => {
    render(<UnreadBadge count={0} />)
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument()
  })

  it('formats counts the same way for the bell label', () => {
    expect(formatUnreadCount(1)).toBe('1')
    expect(formatUnreadCount(250)).toBe('99+')
  })
})
