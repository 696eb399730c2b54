/**
 * The ABA routing number check (our own rule, as the architecture says): nine digits whose
 * weighted sum 3·d1 + 7·d2 + 1·d3 + 3·d4 + 7·d5 + 1·d6 + 3·d7 + 7·d8 + 1·d9 is a multiple of 10.
 * It catches every single mistyped digit and most swaps of neighbours.
 */
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const

export function isNineDigits(value: string): boolean {
  return /^\d{9}$/.test(value)
}

export function passesAbaChecksum(routingNumber: string): boolean {
  if (!isNineDigits(routingNumber)) return false
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(routingNumber[index]), 0)
  return sum % 10 === 0
}
