/** The serious and critical axe violations inside an element; contrast is left to the browser journeys (jsdom lays nothing out). */
export async function seriousViolations(element: Element): Promise<string[]> {
  const axe = (await import('axe-core')).default
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)
}
