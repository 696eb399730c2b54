import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { RouteErrorBoundary } from '#web/app/root-error-boundary.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { MobileTopBar } from './mobile-top-bar.tsx'
import { SideMenu } from './side-menu.tsx'

/** The signed-in layout: the menu beside (or above) the current screen. */
export function Shell() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <SideMenu />
      <MobileTopBar />
      <main className="px-4 py-6 sm:ml-64 sm:px-8 sm:py-8">
        <div className="mx-auto grid max-w-7xl gap-6">
          {/* Inside the menu: a page that fails or is loading leaves the menu usable. */}
          <RouteErrorBoundary>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </div>
      </main>
    </div>
  )
}
