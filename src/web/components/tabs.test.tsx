import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx'

function renderTabs() {
  render(
    <Tabs defaultValue="a">
      <TabsList aria-label="Letters">
        <TabsTrigger value="a">Alpha</TabsTrigger>
        <TabsTrigger value="b">Bravo</TabsTrigger>
        <TabsTrigger value="c">Charlie</TabsTrigger>
      </TabsList>
      <TabsContent value="a">First panel</TabsContent>
      <TabsContent value="b">Second panel</TabsContent>
      <TabsContent value="c">Third panel</TabsContent>
    </Tabs>,
  )
  return (name: string) => screen.getByRole('tab', { name })
}

describe('Tabs', () => {
  it('ties each tab to its panel and shows only the selected one', () => {
    const tab = renderTabs()
    expect(screen.getByRole('tablist', { name: 'Letters' })).toBeInTheDocument()
    expect(tab('Alpha')).toHaveAttribute('aria-selected', 'true')
    const panel = screen.getByRole('tabpanel', { name: 'Alpha' })
    expect(tab('Alpha')).toHaveAttribute('aria-controls', panel.id)
    expect(panel).toHaveTextContent('First panel')
    expect(screen.getByText('Second panel')).not.toBeVisible()
    fireEvent.click(tab('Bravo'))
    expect(screen.getByRole('tabpanel', { name: 'Bravo' })).toHaveTextContent('Second panel')
    expect(screen.getByText('First panel')).not.toBeVisible()
  })

  it('moves with the arrow keys, wrapping, and with Home and End', () => {
    const tab = renderTabs()
    tab('Alpha').focus()
    fireEvent.keyDown(tab('Alpha'), { key: 'ArrowLeft' })
    expect(tab('Charlie')).toHaveFocus()
    expect(tab('Charlie')).toHaveAttribute('aria-selected', 'true')
    fireEvent.keyDown(tab('Charlie'), { key: 'Home' })
    expect(tab('Alpha')).toHaveFocus()
    fireEvent.keyDown(tab('Alpha'), { key: 'End' })
    expect(tab('Charlie')).toHaveFocus()
    fireEvent.keyDown(tab('Charlie'), { key: 'ArrowRight' })
    expect(tab('Alpha')).toHaveFocus()
    expect(tab('Alpha')).toHaveAttribute('tabindex', '0')
    expect(tab('Charlie')).toHaveAttribute('tabindex', '-1')
  })
})
