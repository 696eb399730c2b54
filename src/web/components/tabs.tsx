import {
  type ComponentProps,
  type ComponentType,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
  useState,
} from 'react'
import { cn } from '#web/lib/cn.ts'

interface TabsState {
  value: string
  select: (value: string) => void
  idOf: (part: 'tab' | 'panel', value: string) => string
}

const TabsContext = createContext<TabsState | null>(null)

function useTabs(): TabsState {
  const state = useContext(TabsContext)
  if (!state) throw new Error('Tabs parts must be inside <Tabs>')
  return state
}

interface TabsProps {
  defaultValue: string
  value?: string
  onValueChange?: (value: string) => void
  className?: string
  children: ReactNode
}

/**
 * WAI-ARIA tabs (automatic activation): one tab stop for the list, arrow keys, Home and End move
 * between tabs. Inactive panels stay mounted but hidden, so their state survives a switch.
 * Panels are not tab stops themselves: put focusable content in them.
 */
export function Tabs({ defaultValue, value, onValueChange, className, children }: TabsProps) {
  const [own, setOwn] = useState(defaultValue)
  const baseId = useId()
  const current = value ?? own
  const state: TabsState = {
    value: current,
    select: (next) => {
      if (value === undefined) setOwn(next)
      onValueChange?.(next)
    },
    idOf: (part, tabValue) => `${baseId}-${part}-${tabValue}`,
  }
  return (
    <TabsContext.Provider value={state}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  )
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  const { select } = useTabs()
  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const next = NEXT_KEYS[event.key]
    if (!next) return
    const tabs = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])'),
    )
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement)
    if (index < 0) return
    event.preventDefault()
    const target = tabs[next(index, tabs.length)]
    target?.focus()
    if (target?.dataset.value) select(target.dataset.value)
  }
  return (
    <div
      role="tablist"
      onKeyDown={moveFocus}
      className={cn('inline-flex w-full rounded-lg bg-slate-100 p-1 sm:w-auto', className)}
      {...props}
    />
  )
}

export function TabsTrigger({
  value,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs()
  const selected = tabs.value === value
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('tab', value)}
      aria-controls={tabs.idOf('panel', value)}
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      data-value={value}
      data-state={selected ? 'active' : 'inactive'}
      onClick={() => tabs.select(value)}
      className={cn(
        'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium text-slate-700 sm:min-h-9 sm:px-4 sm:whitespace-nowrap',
        'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700',
        'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  )
}

export function TabsContent({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs()
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('panel', value)}
      aria-labelledby={tabs.idOf('tab', value)}
      hidden={tabs.value !== value}
      className={cn('mt-4', className)}
      {...props}
    />
  )
}

export interface IconTab {
  value: string
  label: string
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>
}

/** A page's tab list: each tab with its icon (hidden on phones, where the tabs wrap in a grid). */
export function IconTabsList({
  tabs,
  className,
  ...props
}: ComponentProps<'div'> & { tabs: readonly IconTab[] }) {
  return (
    <TabsList className={className} {...props}>
      {tabs.map(({ value, label, Icon }) => (
        <TabsTrigger key={value} value={value}>
          <Icon aria-hidden="true" className="hidden sm:block" />
          {label}
        </TabsTrigger>
      ))}
    </TabsList>
  )
}
