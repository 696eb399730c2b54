// The feature dependency graph, from the code: which feature imports which, on each side.
//   node scripts/feature-graph.mjs           fails, naming an import on each edge, when features form a cycle
//   node scripts/feature-graph.mjs --write   also redraws the mermaid graph in docs/ARCHITECTURE.md
// Test files and their support are left out: they may set a scene up across features.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

const FEATURE = /^src\/(server|web)\/features\/([^/]+)\//
const TEST = /\.test\.tsx?$|\.test-support\.tsx?$|^src\/test\/|^src\/web\/testing\//
const TABLE = /\.table\.ts$/
const DOC = 'docs/ARCHITECTURE.md'
const BEGIN = '<!-- feature-graph:begin (scripts/feature-graph.mjs --write) -->'
const END = '<!-- feature-graph:end -->'

function cruiseModules() {
  const json = execFileSync('npx', ['depcruise', 'src', '--output-type', 'json'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    // depcruise exits with the number of rule violations; the graph is what matters here.
  }).toString()
  return JSON.parse(json).modules
}

function runCruise() {
  try {
    return cruiseModules()
  } catch (error) {
    if (error.stdout) return JSON.parse(error.stdout).modules
    throw error
  }
}

/** side → feature → (feature it imports → one import that makes the edge) */
export function featureEdges(modules) {
  const edges = { server: new Map(), web: new Map() }
  for (const module of modules) {
    const from = FEATURE.exec(module.source)
    if (!from || TEST.test(module.source)) continue
    const [, side, feature] = from
    const targets = edges[side].get(feature) ?? new Map()
    edges[side].set(feature, targets)
    for (const dependency of module.dependencies) {
      const to = FEATURE.exec(dependency.resolved)
      if (!to || to[1] !== side || to[2] === feature) continue
      // A foreign key is a fact about the data, not a call: tables form their own graph in db/schema.ts.
      if (TABLE.test(module.source) && TABLE.test(dependency.resolved)) continue
      if (!targets.has(to[2])) targets.set(to[2], `${module.source} → ${dependency.resolved}`)
    }
  }
  return edges
}

/** Tarjan's strongly connected components of more than one feature: each is a cycle. */
export function cycles(graph) {
  let index = 0
  const indexes = new Map()
  const lows = new Map()
  const stack = []
  const found = []
  const visit = (node) => {
    indexes.set(node, index)
    lows.set(node, index++)
    stack.push(node)
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indexes.has(next)) {
        visit(next)
        lows.set(node, Math.min(lows.get(node), lows.get(next)))
      } else if (stack.includes(next)) lows.set(node, Math.min(lows.get(node), indexes.get(next)))
    }
    if (lows.get(node) !== indexes.get(node)) return
    const component = []
    let member
    do {
      member = stack.pop()
      component.push(member)
    } while (member !== node)
    if (component.length > 1) found.push(component.sort())
  }
  for (const node of graph.keys()) if (!indexes.has(node)) visit(node)
  return found
}

function mermaid(side, graph) {
  const lines = ['```mermaid', `%% ${side}`, 'graph LR']
  for (const [feature, targets] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    if (targets.size === 0) lines.push(`  ${feature}`)
    for (const target of [...targets.keys()].sort()) lines.push(`  ${feature} --> ${target}`)
  }
  lines.push('```')
  return lines.join('\n')
}

const edges = featureEdges(runCruise())
let failed = false
for (const side of ['server', 'web']) {
  for (const component of cycles(edges[side])) {
    failed = true
    console.error(`${side} features in a cycle: ${component.join(', ')}`)
    for (const feature of component)
      for (const [target, example] of edges[side].get(feature))
        if (component.includes(target)) console.error(`  ${feature} → ${target}: ${example}`)
  }
}

if (process.argv.includes('--write')) {
  const doc = readFileSync(DOC, 'utf8')
  const start = doc.indexOf(BEGIN)
  const end = doc.indexOf(END)
  if (start < 0 || end < start) throw new Error(`${DOC} has no ${BEGIN} … ${END} block`)
  const graphs = ['server', 'web'].map((side) => mermaid(side, edges[side])).join('\n\n')
  writeFileSync(DOC, `${doc.slice(0, start + BEGIN.length)}\n${graphs}\n${doc.slice(end)}`)
  console.log(`${DOC}: feature graph redrawn`)
}
if (failed) {
  console.error('Features must depend one way: move the shared part to the feature both use, or pass it in.')
  process.exit(1)
}
