import type { CSSProperties } from 'react'

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255)
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastOnWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05)
}

function darken(hex: string, factor: number): string {
  const part = (at: number) =>
    Math.round(Number.parseInt(hex.slice(at, at + 2), 16) * factor)
      .toString(16)
      .padStart(2, '0')
  return `#${part(1)}${part(3)}${part(5)}`
}

/** The colour itself when white text on it (and it as text on white) reads at 4.5:1, else darker until it does. */
export function readableOnWhite(hex: string, ratio = 4.5): string {
  let color = hex
  for (let factor = 0.92; contrastOnWhite(color) < ratio && factor > 0; factor -= 0.08)
    color = darken(hex, factor)
  return color
}

const HEX = /^#[0-9A-Fa-f]{6}$/

/**
 * The agency's colours as CSS variables at the shell's root: `--brand-primary` and
 * `--brand-accent` as chosen, and the violet scale the components use (Tailwind 4 reads
 * `--color-violet-*` at use) remapped to the primary, kept readable for text and white-on-colour.
 */
export function brandStyle(primary: string, accent: string): CSSProperties {
  if (!HEX.test(primary) || !HEX.test(accent)) return {}
  const strong = readableOnWhite(primary)
  return {
    '--brand-primary': primary,
    '--brand-accent': accent,
    '--color-violet-700': strong,
    '--color-violet-800': readableOnWhite(darken(strong, 0.85), 7),
    '--color-violet-50': `color-mix(in srgb, ${primary} 8%, white)`,
    '--color-violet-100': `color-mix(in srgb, ${primary} 15%, white)`,
    '--color-violet-200': `color-mix(in srgb, ${primary} 28%, white)`,
  } as CSSProperties
}
